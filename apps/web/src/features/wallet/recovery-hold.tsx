import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../lib/api-errors';
import { formatDateTime } from '../../lib/format-date';

/**
 * When the hold after a password reset ends (`until` of a 403 RECOVERY_HOLD),
 * or null when `error` is another one.
 */
export function recoveryHoldOf(error: unknown): string | null {
  if (!(error instanceof ApiError) || error.code !== 'RECOVERY_HOLD') return null;
  const until = (error.body as { until?: unknown } | null)?.until;
  return typeof until === 'string' ? until : null;
}

/**
 * The hold in force on withdrawals and address changes: what /users/me said
 * (`recovery_hold_until`), or what a refusal said since (the member's profile
 * may have been read before the reset). `held` is false once it has ended.
 */
export function useRecoveryHold(fromProfile: string | null | undefined) {
  const [refused, setRefused] = useState<string | null>(null);
  const until = refused ?? fromProfile ?? null;
  const held = until !== null && new Date(until).getTime() > Date.now();
  return {
    until: held ? until : null,
    /** Takes a failed call's error: true when it was the hold (now shown), false otherwise. */
    caught(error: unknown): boolean {
      const from = recoveryHoldOf(error);
      if (from) setRefused(from);
      return from !== null;
    },
  };
}

/** The hold in plain words, with the time it ends in the member's time and language. */
export function RecoveryHoldNote({ until }: { until: string | null }) {
  const { t, i18n } = useTranslation();
  if (!until) return null;
  return (
    <p className="notice" role="status" data-testid="recovery-hold">
      {t('withdraw.recoveryHold', { until: formatDateTime(until, i18n.language) })}
    </p>
  );
}
