import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  MAX_VIP_LEVEL,
  campaignRaise,
  challengeRaise,
  packageRaise,
  parseMicro,
  ratesRaise,
  type PackageTerms,
} from '@app/domain';
import type { EconomyBaselines, EconomyChangeItem, PackageItem, TeamRates } from '@app/contracts';
import {
  useApproveEconomyChange,
  useEconomyBaselines,
  useGetMe,
  useListEconomyChanges,
  useRejectEconomyChange,
} from '../approvals/api';
import {
  useEconomyHistory,
  useGetTeamRates,
  useListPackages,
  useSetPackage,
  useSetTeamRates,
} from '../economy/api';
import { useCreateCampaign, useListCampaigns } from '../promotions/api';
import { useCreateChallenge, useListAllChallenges } from '../challenges/api';
import { TextField } from '../../../components/ui/text-field';
import { apiErrorKey } from '../../../lib/api-errors';
import { formatDateTime } from '../../../lib/format-date';
import { canUse } from '../../../lib/staff';
import { DecisionButtons } from '../shared/decision-buttons';
import { approvalError, approvedBy } from '../shared/approval-messages';
import { ChangeFunding } from '../approvals/change-funding';
import { ChangeTerms } from '../approvals/economy-change-terms';
import {
  CONTENT_LANGUAGES,
  LanguageFields,
  emptyTexts,
  writtenIn,
} from '../shared/language-fields';
import { savedMessage } from '../shared/saved-message';
import { AuditChanges } from '../shared/audit-changes';
import { auditSummary } from '../shared/audit-summary';

const FIELDS = ['price', 'daily_trailers', 'reward_per_trailer', 'membership_days'] as const;
type Field = (typeof FIELDS)[number];

/**
 * What raises are held against (GET /admin/economy/baselines): the percentage
 * (0 while unknown: no warning) and a target's approved value, or undefined
 * when it has none yet (its value in force is then the baseline).
 */
function useApproved() {
  const baselines = useEconomyBaselines();
  const percent = baselines.data?.raise_percent ?? 0;
  const approved = (target: EconomyBaselines['baselines'][number]['target'], id: number | null) =>
    baselines.data?.baselines.find((b) => b.target === target && b.target_id === id)?.value;
  return { percent, approved };
}

/** A package's terms from its item or the form's text; null when a field does not read. */
function packageTerms(values: Record<Field, string | number>): PackageTerms | null {
  const price = parseMicro(String(values.price).trim());
  const reward = parseMicro(String(values.reward_per_trailer).trim());
  const daily = Number(values.daily_trailers);
  const days = Number(values.membership_days);
  if (price === null || reward === null || !Number.isInteger(daily) || !Number.isInteger(days))
    return null;
  return { price, reward, dailyTrailers: daily, membershipDays: days };
}

function PackageRow({
  item,
  editable,
  approved,
  percent,
}: {
  item: PackageItem;
  editable: boolean;
  /** The level's approved terms (its item while it has none). */
  approved: PackageItem;
  percent: number;
}) {
  const { t } = useTranslation();
  const save = useSetPackage();
  const [values, setValues] = useState<Record<Field, string>>(() => ({
    price: String(item.price),
    daily_trailers: String(item.daily_trailers),
    reward_per_trailer: String(item.reward_per_trailer),
    membership_days: String(item.membership_days),
  }));
  const [confirming, setConfirming] = useState(false);
  const [message, setMessage] = useState<string | null>(null);
  const changed = FIELDS.some((f) => Number(values[f]) !== Number(item[f]));
  const next = packageTerms(values);
  const base = packageTerms(approved);
  // The API decides; the console says so ahead of time, with the same rule.
  const willWait =
    percent > 0 && next !== null && base !== null && packageRaise(base, next, percent);

  const submit = async () => {
    try {
      const answer = await save.mutateAsync({
        level: item.vip_level,
        data: {
          price: values.price.trim(),
          daily_trailers: Number(values.daily_trailers),
          reward_per_trailer: values.reward_per_trailer.trim(),
          membership_days: Number(values.membership_days),
        },
      });
      setMessage(savedMessage(t, answer.pending_changes));
    } catch (error) {
      setMessage(t(apiErrorKey(error)));
    } finally {
      setConfirming(false);
    }
  };

  return (
    <tr data-testid={`package-${item.vip_level}`}>
      <th scope="row">V{item.vip_level}</th>
      {FIELDS.map((f) => (
        <td key={f}>
          <input
            className="field__input"
            aria-label={t(`admin.economy.fields.${f}`, { level: item.vip_level })}
            inputMode="decimal"
            value={values[f]}
            disabled={!editable}
            onChange={(event) => setValues({ ...values, [f]: event.target.value })}
          />
        </td>
      ))}
      <td>
        {editable ? (
          confirming ? (
            <button type="button" className="button button--primary button--small" onClick={submit}>
              {t('admin.economy.confirm', { level: item.vip_level })}
            </button>
          ) : (
            <button
              type="button"
              className="button button--ghost button--small"
              disabled={!changed}
              onClick={() => setConfirming(true)}
            >
              {t('admin.economy.save', { level: item.vip_level })}
            </button>
          )
        ) : null}
        {editable && confirming && willWait ? (
          <span className="form__note">{t('admin.economy.willWait', { percent })}</span>
        ) : null}
        {message ? <span role="status">{message}</span> : null}
      </td>
    </tr>
  );
}

const basisPoints = (r: Record<keyof TeamRates, string | number>) =>
  [r.level1, r.level2, r.level3].map((p) => Math.round(Number(p) * 100));

function TeamRatesForm({
  editable,
  approved,
  percent,
}: {
  editable: boolean;
  /** The approved rates (undefined while they have none: the rates in force). */
  approved: TeamRates | undefined;
  percent: number;
}) {
  const { t } = useTranslation();
  const rates = useGetTeamRates();
  const save = useSetTeamRates();
  const [values, setValues] = useState({ level1: '', level2: '', level3: '' });
  const [message, setMessage] = useState<string | null>(null);
  const base = approved ?? rates.data;
  const next = basisPoints(values);
  const willWait =
    percent > 0 &&
    base !== undefined &&
    next.every(Number.isFinite) &&
    ratesRaise(basisPoints(base), next, percent);
  useEffect(() => {
    if (rates.data)
      setValues({
        level1: String(rates.data.level1),
        level2: String(rates.data.level2),
        level3: String(rates.data.level3),
      });
  }, [rates.data]);
  return (
    <form
      className="filters"
      onSubmit={async (event) => {
        event.preventDefault();
        try {
          const answer = await save.mutateAsync({
            data: {
              level1: Number(values.level1),
              level2: Number(values.level2),
              level3: Number(values.level3),
            },
          });
          setMessage(savedMessage(t, answer.pending_changes));
        } catch (error) {
          setMessage(t(apiErrorKey(error)));
        }
      }}
    >
      {(['level1', 'level2', 'level3'] as const).map((key, i) => (
        <TextField
          key={key}
          label={t('admin.economy.rate', { level: i + 1 })}
          inputMode="decimal"
          value={values[key]}
          disabled={!editable}
          onChange={(event) => setValues({ ...values, [key]: event.target.value })}
        />
      ))}
      {editable ? (
        <button type="submit" className="button button--ghost button--small">
          {t('admin.economy.saveRates')}
        </button>
      ) : null}
      {editable && willWait ? (
        <p className="form__note">{t('admin.economy.willWait', { percent })}</p>
      ) : null}
      {message ? <p role="status">{message}</p> : null}
    </form>
  );
}

const toIso = (local: string) => (local ? new Date(`${local}T00:00:00Z`).toISOString() : '');

function CampaignsSection({ editable, percent }: { editable: boolean; percent: number }) {
  const { t, i18n } = useTranslation();
  const campaigns = useListCampaigns();
  const create = useCreateCampaign();
  const [form, setForm] = useState({
    name: '',
    starts: '',
    ends: '',
    level: '1',
    inviter: '0',
    member: '0',
    hold: '0',
  });
  // The name members read, per language (the operators' name while none is written).
  const [names, setNames] = useState<Record<string, string>>(() => emptyTexts(['name']));
  const [message, setMessage] = useState<string | null>(null);
  const set = (key: keyof typeof form) => (e: { target: { value: string } }) =>
    setForm({ ...form, [key]: e.target.value });
  // A new campaign pays from nothing: with bonuses it waits for a second admin.
  const willWait =
    percent > 0 &&
    campaignRaise(
      null,
      {
        inviterPoints: parseMicro(form.inviter.trim()) ?? 0n,
        memberPoints: parseMicro(form.member.trim()) ?? 0n,
        minVipLevel: Number(form.level),
        holdDays: Number(form.hold),
        startsAt: Date.parse(toIso(form.starts)),
        endsAt: Date.parse(toIso(form.ends)),
      },
      percent,
      Date.now(),
    );
  return (
    <section className="admin-section" aria-labelledby="campaigns-title">
      <h2 id="campaigns-title" className="section-title">
        {t('admin.campaigns.title')}
      </h2>
      <ul className="record-list">
        {(campaigns.data ?? []).map((c) => (
          <li key={c.id} className="record-row" data-testid="campaign">
            <div className="record-row__main">
              <span className="record-row__type">
                {c.name} {c.running ? `· ${t('admin.campaigns.running')}` : ''}
              </span>
              {writtenIn(c, 'name').length < CONTENT_LANGUAGES.length ? (
                <span className="form__note" data-testid="campaign-untranslated">
                  {t('admin.campaigns.untranslated')}
                </span>
              ) : null}
              <span>
                {formatDateTime(c.starts_at, i18n.language)} –{' '}
                {formatDateTime(c.ends_at, i18n.language)}
              </span>
            </div>
            <span className="form__note">
              {t('admin.campaigns.summary', {
                level: c.min_vip_level,
                inviter: c.inviter_points,
                member: c.member_points,
                days: c.hold_days,
              })}
            </span>
          </li>
        ))}
      </ul>
      {editable ? (
        <form
          className="filters"
          noValidate
          onSubmit={async (event) => {
            event.preventDefault();
            try {
              const answer = await create.mutateAsync({
                data: {
                  name: form.name.trim(),
                  ...Object.fromEntries(
                    Object.entries(names).map(([key, value]) => [key, value.trim()]),
                  ),
                  starts_at: toIso(form.starts),
                  ends_at: toIso(form.ends),
                  min_vip_level: Number(form.level),
                  inviter_points: form.inviter.trim(),
                  member_points: form.member.trim(),
                  hold_days: Number(form.hold),
                },
              });
              setMessage(savedMessage(t, answer.pending_changes));
            } catch (error) {
              setMessage(t(apiErrorKey(error)));
            }
          }}
        >
          {(
            [
              ['name', 'text'],
              ['starts', 'date'],
              ['ends', 'date'],
              ['level', 'number'],
              ['inviter', 'text'],
              ['member', 'text'],
              ['hold', 'number'],
            ] as const
          ).map(([key, type]) => (
            <TextField
              key={key}
              label={t(`admin.campaigns.fields.${key}`)}
              type={type}
              value={form[key]}
              onChange={set(key)}
              {...(key === 'level' ? { min: 1, max: MAX_VIP_LEVEL } : {})}
            />
          ))}
          <LanguageFields
            idPrefix="campaign"
            fields={[{ key: 'name', label: t('admin.campaigns.fields.name'), maxLength: 100 }]}
            values={names}
            note={t('admin.campaigns.namesNote')}
            onChange={(name, value) => setNames({ ...names, [name]: value })}
          />
          <button type="submit" className="button button--ghost button--small">
            {t('admin.campaigns.create')}
          </button>
          {willWait ? (
            <p className="form__note">{t('admin.economy.willWait', { percent })}</p>
          ) : null}
          {message ? <p role="status">{message}</p> : null}
        </form>
      ) : null}
    </section>
  );
}

const CHALLENGE_KINDS = ['trailers', 'team_vip1', 'deposits'] as const;

function ChallengesSection({ editable, percent }: { editable: boolean; percent: number }) {
  const { t, i18n } = useTranslation();
  const challenges = useListAllChallenges({ query: { enabled: editable } });
  const create = useCreateChallenge();
  const [form, setForm] = useState({
    title: '',
    text: '',
    kind: 'trailers' as (typeof CHALLENGE_KINDS)[number],
    goal: '1',
    reward: '1',
    starts: '',
    ends: '',
  });
  const [message, setMessage] = useState<string | null>(null);
  if (!editable) return null;
  // A new published challenge pays from nothing: with a reward it waits for a second admin.
  const willWait =
    percent > 0 &&
    challengeRaise(
      null,
      {
        published: true,
        kind: form.kind,
        reward: parseMicro(form.reward.trim()) ?? 0n,
        goal: parseMicro(form.goal.trim()) ?? 1n,
        startsAt: Date.parse(toIso(form.starts)),
        endsAt: Date.parse(toIso(form.ends)),
      },
      percent,
    );
  return (
    <section className="admin-section" aria-labelledby="challenges-title">
      <h2 id="challenges-title" className="section-title">
        {t('admin.challenges.title')}
      </h2>
      <ul className="record-list">
        {(challenges.data ?? []).map((c) => (
          <li key={c.id} className="record-row" data-testid="admin-challenge">
            <div className="record-row__main">
              <span className="record-row__type">
                {c.title} {c.published ? '' : `· ${t('admin.content.draft')}`}
              </span>
              <span>+{c.reward} USDT</span>
            </div>
            <span className="form__note">
              {t(`challenge.kinds.${c.kind}`)} · {c.goal} ·{' '}
              {formatDateTime(c.starts_at, i18n.language)} –{' '}
              {formatDateTime(c.ends_at, i18n.language)} ·{' '}
              {t('admin.challenges.claims', { count: c.claims })}
            </span>
          </li>
        ))}
      </ul>
      <form
        className="filters"
        noValidate
        onSubmit={async (event) => {
          event.preventDefault();
          try {
            const answer = await create.mutateAsync({
              data: {
                title: form.title.trim(),
                text: form.text.trim(),
                kind: form.kind,
                goal: form.goal.trim(),
                reward: form.reward.trim(),
                starts_at: toIso(form.starts),
                ends_at: toIso(form.ends),
              },
            });
            setMessage(savedMessage(t, answer.pending_changes));
          } catch (error) {
            setMessage(t(apiErrorKey(error)));
          }
        }}
      >
        {(
          [
            ['title', 'text'],
            ['text', 'text'],
            ['goal', 'text'],
            ['reward', 'text'],
            ['starts', 'date'],
            ['ends', 'date'],
          ] as const
        ).map(([key, type]) => (
          <TextField
            key={key}
            label={t(`admin.challenges.fields.${key}`)}
            type={type}
            value={form[key]}
            onChange={(e) => setForm({ ...form, [key]: e.target.value })}
          />
        ))}
        <div className="field">
          <label className="field__label" htmlFor="challenge-kind">
            {t('admin.challenges.fields.kind')}
          </label>
          <select
            id="challenge-kind"
            className="field__input"
            value={form.kind}
            onChange={(e) => setForm({ ...form, kind: e.target.value as typeof form.kind })}
          >
            {CHALLENGE_KINDS.map((k) => (
              <option key={k} value={k}>
                {t(`challenge.kinds.${k}`)}
              </option>
            ))}
          </select>
        </div>
        <button type="submit" className="button button--ghost button--small">
          {t('admin.challenges.create')}
        </button>
        {willWait ? <p className="form__note">{t('admin.economy.willWait', { percent })}</p> : null}
        {message ? <p role="status">{message}</p> : null}
      </form>
    </section>
  );
}

/**
 * Economy changes that wait for a second admin (a raise of members' pay
 * beyond the API's percentage over the approved value; the card, support
 * link and card rates while the club has two admins): listed here with who
 * proposed them and each term before → after in plain words; another admin
 * approves (live at once) or rejects. The API refuses the proposer's own approval.
 */
function EconomyChangesSection({ editable }: { editable: boolean }) {
  const { t, i18n } = useTranslation();
  const pending = useListEconomyChanges(
    { status: 'pending' },
    { query: { refetchOnMount: 'always' } },
  );
  const [message, setMessage] = useState<{ text: string; failed: boolean } | null>(null);
  // After the message, every list of the economy follows (api/).
  const onError = (error: unknown) =>
    setMessage({ text: approvalError(t, error, 'economyChange'), failed: true });
  // Live only once approved: an approval that leaves it pending says it still waits.
  const approve = useApproveEconomyChange({
    onSuccess: (change) =>
      setMessage({
        text: t(
          change.status === 'approved'
            ? 'admin.approvals.economyApproved'
            : 'admin.fourEyes.waitsForSecond.economyChange',
          { id: change.id },
        ),
        failed: false,
      }),
    onError,
  });
  const reject = useRejectEconomyChange({
    onSuccess: (change) =>
      setMessage({ text: t('admin.approvals.economyRejected', { id: change.id }), failed: false }),
    onError,
  });
  const me = useGetMe().data?.id;
  const mine = (change: EconomyChangeItem) =>
    change.proposed_by === me || approvedBy(change.approvals, me);
  const busy = approve.isPending || reject.isPending;
  const changes: EconomyChangeItem[] = pending.data ?? [];
  return (
    <section className="admin-section" aria-labelledby="economy-changes-title">
      <h2 id="economy-changes-title" className="section-title">
        {t('admin.approvals.economyTitle')}
      </h2>
      {pending.isSuccess && changes.length === 0 ? (
        <p className="empty">{t('admin.approvals.economyNone')}</p>
      ) : null}
      <ul className="record-list">
        {changes.map((change) => (
          <li key={change.id} className="record-row" data-testid="pending-economy-change">
            <div className="record-row__main">
              <span className="record-row__type">
                #{change.id} ·{' '}
                {t(`admin.approvals.target_${change.target}`, { id: change.target_id ?? '' })}
              </span>
              <time dateTime={change.created_at}>
                {formatDateTime(change.created_at, i18n.language)}
              </time>
            </div>
            <div className="record-row__meta">
              <span>{t('admin.approvals.proposedBy', { by: change.proposed_by })}</span>
              <span>{t('admin.approvals.awaitingSecond')}</span>
            </div>
            <ChangeTerms change={change} />
            {editable && mine(change) ? (
              <p className="form__note" data-testid="own-change">
                {change.proposed_by === me
                  ? t('admin.fourEyes.youProposed')
                  : t('admin.fourEyes.youApproved')}
              </p>
            ) : null}
            <ChangeFunding changeId={change.id} />
            {editable ? (
              <DecisionButtons
                busy={busy}
                onReject={() => reject.mutate({ id: change.id })}
                onApprove={mine(change) ? undefined : () => approve.mutate({ id: change.id })}
              />
            ) : null}
          </li>
        ))}
      </ul>
      {message ? (
        <p
          className={message.failed ? 'form__error' : 'form__note'}
          role={message.failed ? 'alert' : 'status'}
        >
          {message.text}
        </p>
      ) : null}
    </section>
  );
}

/** `/admin/economy`: packages and team rates (admins edit; others read), and their history. */
export function EconomyPage() {
  const { t, i18n } = useTranslation();
  const editable = canUse(useGetMe().data?.role, 'admin');
  const packages = useListPackages();
  const history = useEconomyHistory({ limit: 20 });
  const { percent, approved } = useApproved();
  return (
    <>
      <EconomyChangesSection editable={editable} />
      <section className="admin-section" aria-labelledby="packages-title">
        <h2 id="packages-title" className="section-title">
          {t('admin.economy.packages')}
        </h2>
        <div
          className="table-scroll"
          role="region"
          aria-label={t('common.table', { name: t('admin.economy.packages') })}
          tabIndex={0}
        >
          <table className="data-table">
            <thead>
              <tr>
                <th>{t('admin.economy.level')}</th>
                {FIELDS.map((f) => (
                  <th key={f}>{t(`admin.economy.columns.${f}`)}</th>
                ))}
                <th>
                  <span className="visually-hidden">{t('admin.economy.actions')}</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {(packages.data ?? []).map((item) => (
                <PackageRow
                  key={item.vip_level}
                  item={item}
                  editable={editable}
                  approved={
                    (approved('package', item.vip_level) as PackageItem | undefined) ?? item
                  }
                  percent={percent}
                />
              ))}
            </tbody>
          </table>
        </div>
      </section>
      <section className="admin-section" aria-labelledby="rates-title">
        <h2 id="rates-title" className="section-title">
          {t('admin.economy.teamRates')}
        </h2>
        <TeamRatesForm
          editable={editable}
          approved={approved('team_rates', null) as TeamRates | undefined}
          percent={percent}
        />
      </section>
      <CampaignsSection editable={editable} percent={percent} />
      <ChallengesSection editable={editable} percent={percent} />
      <section className="admin-section" aria-labelledby="history-title">
        <h2 id="history-title" className="section-title">
          {t('admin.economy.history')}
        </h2>
        <ul className="record-list">
          {(history.data ?? []).map((entry) => (
            <li key={entry.id} className="record-row" data-testid="economy-change">
              <div className="record-row__main">
                <span className="record-row__type">
                  {auditSummary(t, entry.action, entry.details)}
                </span>
                <time dateTime={entry.created_at}>
                  {formatDateTime(entry.created_at, i18n.language)}
                </time>
              </div>
              <p className="form__note">{t('admin.audit.actor', { id: entry.actor_id })}</p>
              <AuditChanges action={entry.action} details={entry.details} />
            </li>
          ))}
        </ul>
      </section>
    </>
  );
}
