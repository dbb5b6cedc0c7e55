import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatUsdt } from '@app/domain';
import type { ChallengeItem } from '@app/contracts';
import { resolveApiUrl, useClaimChallenge, useListChallenges } from './api';
import { PageHeader } from '../../components/ui/page-header';
import { useToast } from '../../components/ui/toast';
import { apiErrorKey } from '../../lib/api-errors';
import { formatDateTime } from '../../lib/format-date';

function ChallengeCard({ challenge }: { challenge: ChallengeItem }) {
  const { t, i18n } = useTranslation();
  const toast = useToast();
  // The toast comes first, then the challenges and the balance are read again (api/).
  const claim = useClaimChallenge((reward) =>
    toast(t('challenge.paid', { reward: formatUsdt(reward) })),
  );
  const [busy, setBusy] = useState(false);
  const value = (n: number) => (challenge.kind === 'deposits' ? formatUsdt(n) : String(n));
  const onClaim = async () => {
    setBusy(true);
    try {
      await claim.mutateAsync({ id: challenge.id });
    } catch (error) {
      toast(t(apiErrorKey(error)));
    } finally {
      setBusy(false);
    }
  };
  return (
    <li className="record-row" data-testid="challenge">
      {challenge.image_url ? (
        <img
          className="review-photo"
          src={resolveApiUrl(challenge.image_url)}
          alt=""
          loading="lazy"
        />
      ) : null}
      <div className="record-row__main">
        <span className="record-row__type">{challenge.title}</span>
        <span className="record-row__amount">+{formatUsdt(challenge.reward)} USDT</span>
      </div>
      {challenge.text ? <p className="form__note">{challenge.text}</p> : null}
      <p className="form__note">
        {t(`challenge.kinds.${challenge.kind}`)} ·{' '}
        {t('challenge.until', { date: formatDateTime(challenge.ends_at, i18n.language) })}
      </p>
      <div
        className="progress-bar"
        role="progressbar"
        aria-label={challenge.title}
        aria-valuemin={0}
        aria-valuemax={challenge.goal}
        aria-valuenow={challenge.count}
      >
        <span style={{ width: `${Math.min(100, (challenge.count / challenge.goal) * 100)}%` }} />
      </div>
      <div className="record-row__meta">
        <span>
          {value(challenge.count)} / {value(challenge.goal)}
        </span>
        {challenge.claimed ? (
          <span className="pill">{t('challenge.claimed')}</span>
        ) : challenge.completed ? (
          <button
            type="button"
            className="button button--primary button--small"
            disabled={busy}
            onClick={onClaim}
          >
            {t('challenge.claim')}
          </button>
        ) : (
          <span>{t('challenge.inProgress')}</span>
        )}
      </div>
    </li>
  );
}

/** `/challenge`: the operators' challenges with real progress; a completed one is claimed once. */
export function ChallengePage() {
  const { t } = useTranslation();
  const challenges = useListChallenges({ query: { refetchOnMount: 'always' } });
  return (
    <main className="page">
      <PageHeader title={t('routes.challenge')} backTo="/" backLabel={t('common.back')} />
      {challenges.isPending ? <p className="empty">{t('common.loading')}</p> : null}
      {challenges.isSuccess && challenges.data.length === 0 ? (
        <p className="empty">{t('challenge.none')}</p>
      ) : null}
      <ul className="record-list">
        {(challenges.data ?? []).map((c) => (
          <ChallengeCard key={c.id} challenge={c} />
        ))}
      </ul>
    </main>
  );
}
