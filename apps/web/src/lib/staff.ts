/**
 * Staff roles and what each may open in the operator area (the API's
 * `Staff` groups; the API refuses anything else with 403 anyway).
 */
export type StaffRole = 'admin' | 'finance' | 'support';

export const STAFF_AREAS = {
  any: ['admin', 'finance', 'support'],
  money: ['admin', 'finance'],
  people: ['admin', 'support'],
  admin: ['admin'],
} as const satisfies Record<string, StaffRole[]>;

export type StaffArea = keyof typeof STAFF_AREAS;

export function isStaff(role: string | undefined): role is StaffRole {
  return role === 'admin' || role === 'finance' || role === 'support';
}

export function canUse(role: string | undefined, area: StaffArea): boolean {
  return isStaff(role) && (STAFF_AREAS[area] as readonly string[]).includes(role);
}
