/**
 * Operators' reach: who may act on whom (issue 25). One rule for every
 * operator route; the API's reach guard (apps/api/src/common/reach.ts) asks
 * it before any handler runs, and the reach matrix test derives every
 * expected answer from it.
 *
 * - Staff act on members.
 * - Only an admin acts on another operator (their account or their money).
 * - Nobody acts on themselves: their own account, or a request whose member
 *   is themselves (self-dealing).
 * - The last active admin can be neither deactivated nor demoted.
 */
export const ACCOUNT_ROLES = ['member', 'admin', 'finance', 'support'] as const;
export type AccountRole = (typeof ACCOUNT_ROLES)[number];

/** What a refusal is, each with its own catalogue code in the API. */
export type ReachRefusal = 'self' | 'operator_target';

export interface ReachActor {
  id: number;
  role: AccountRole;
}

export interface ReachTarget {
  /** The member whose account or money the action touches. */
  id: number;
  role: AccountRole;
}

/** Why `actor` may not act on `target`, or null when they may. */
export function reachRefusal(actor: ReachActor, target: ReachTarget): ReachRefusal | null {
  if (actor.id === target.id) return 'self';
  if (target.role !== 'member' && actor.role !== 'admin') return 'operator_target';
  return null;
}

/**
 * Whether `viewer` sees operators among the accounts of a list or an export
 * (their phones, mailboxes, balances, identity documents). Only an admin
 * acts on another operator, so only an admin sees them; every other
 * operator's lists hold members (role `member`) alone.
 */
export function seesOperators(viewer: AccountRole): boolean {
  return viewer === 'admin';
}

/**
 * The role filter a viewer's list really runs with: theirs for an admin;
 * for anyone else `member`, or null when they asked for operators only
 * (an empty list, not an error: the filter is a search like any other).
 */
export function visibleRoleFilter(
  viewer: AccountRole,
  asked: AccountRole | undefined,
): AccountRole | undefined | null {
  if (seesOperators(viewer)) return asked;
  return asked === undefined || asked === 'member' ? 'member' : null;
}

/**
 * Whether a change of `target` (an admin today) would leave no active admin:
 * deactivating them or giving them another role, when they are the only one.
 */
export function leavesNoAdmin(
  target: { role: AccountRole; active: boolean },
  change: { active?: boolean; role?: AccountRole },
  activeAdmins: number,
): boolean {
  if (target.role !== 'admin' || !target.active) return false;
  const staysAdmin = (change.role ?? target.role) === 'admin' && (change.active ?? true);
  return !staysAdmin && activeAdmins <= 1;
}

/** Roles that move money or appoint staff: granting, removing or (re)activating them takes two admins. */
export const POWER_ROLES: readonly AccountRole[] = ['admin', 'finance'];

const isPower = (role: AccountRole) => POWER_ROLES.includes(role);

/**
 * Whether a change of an account's role or activation waits for a second
 * admin (issue 36): while the club has two or more active admins, giving or
 * taking away `admin` or `finance`, and deactivating or reactivating an
 * admin or finance operator. One admin alone applies it at once (four eyes
 * cannot hold, and the console says so); `member` and `support` changes
 * apply at once.
 */
export function needsSecondAdmin(
  target: { role: AccountRole; active: boolean },
  change: { active?: boolean; role?: AccountRole },
  activeAdmins: number,
): boolean {
  if (activeAdmins < 2) return false;
  const roleAfter = change.role ?? target.role;
  const grantsOrTakes = roleAfter !== target.role && (isPower(roleAfter) || isPower(target.role));
  const activeAfter = change.active ?? target.active;
  const switchesPower = activeAfter !== target.active && isPower(target.role);
  return grantsOrTakes || switchesPower;
}
