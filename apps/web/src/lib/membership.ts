import { effectiveVipLevel } from '@app/domain';

/** The level that counts for a member record: 0 once the membership expired. */
export function effectiveLevelOf(
  me: { vip_level: number; vip_expire: string | null } | undefined,
  now: Date = new Date(),
): number {
  if (!me) return 0;
  return effectiveVipLevel(me.vip_level, me.vip_expire ? new Date(me.vip_expire) : null, now);
}
