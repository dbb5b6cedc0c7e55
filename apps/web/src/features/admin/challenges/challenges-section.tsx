import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { challengeRaise, parseMicro } from '@app/domain';
import { useCreateChallenge, useListAllChallenges } from './api';
import { TextField } from '../../../components/ui/text-field';
import { apiErrorKey } from '../../../lib/api-errors';
import { formatDateTime } from '../../../lib/format-date';
import { toIso } from '../shared/iso-day';
import { savedMessage } from '../shared/saved-message';

const CHALLENGE_KINDS = ['trailers', 'team_vip1', 'deposits'] as const;

/** Challenges (GET and POST /admin/challenges), for admins only: the list, drafts too, and a new one. */
export function ChallengesSection({ editable, percent }: { editable: boolean; percent: number }) {
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
