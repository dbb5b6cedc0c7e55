import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MAX_VIP_LEVEL, campaignRaise, parseMicro } from '@app/domain';
import { useCreateCampaign, useListCampaigns } from './api';
import { TextField } from '../../../components/ui/text-field';
import { apiErrorKey } from '../../../lib/api-errors';
import { formatDateTime } from '../../../lib/format-date';
import { toIso } from '../shared/iso-day';
import {
  CONTENT_LANGUAGES,
  LanguageFields,
  emptyTexts,
  writtenIn,
} from '../shared/language-fields';
import { savedMessage } from '../shared/saved-message';

/** Campaigns (GET and POST /admin/campaigns): the list, and a new one planned by admins. */
export function CampaignsSection({ editable, percent }: { editable: boolean; percent: number }) {
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
