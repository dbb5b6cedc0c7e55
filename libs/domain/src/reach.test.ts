import { describe, expect, it } from 'vitest';
import { leavesNoAdmin, reachRefusal } from './reach';

describe('reachRefusal', () => {
  it('lets every staff role act on a member', () => {
    for (const role of ['admin', 'finance', 'support'] as const) {
      expect(reachRefusal({ id: 1, role }, { id: 2, role: 'member' })).toBeNull();
    }
  });

  it('lets only an admin act on another operator', () => {
    for (const target of ['admin', 'finance', 'support'] as const) {
      expect(reachRefusal({ id: 1, role: 'admin' }, { id: 2, role: target })).toBeNull();
      expect(reachRefusal({ id: 1, role: 'finance' }, { id: 2, role: target })).toBe(
        'operator_target',
      );
      expect(reachRefusal({ id: 1, role: 'support' }, { id: 2, role: target })).toBe(
        'operator_target',
      );
    }
  });

  it('refuses everyone acting on themselves, admins included', () => {
    expect(reachRefusal({ id: 7, role: 'admin' }, { id: 7, role: 'admin' })).toBe('self');
    expect(reachRefusal({ id: 7, role: 'finance' }, { id: 7, role: 'finance' })).toBe('self');
  });
});

describe('leavesNoAdmin', () => {
  const admin = { role: 'admin' as const, active: true };
  it('refuses deactivating or demoting the only active admin', () => {
    expect(leavesNoAdmin(admin, { active: false }, 1)).toBe(true);
    expect(leavesNoAdmin(admin, { role: 'support' }, 1)).toBe(true);
  });
  it('allows it while another active admin remains, and for anyone else', () => {
    expect(leavesNoAdmin(admin, { active: false }, 2)).toBe(false);
    expect(leavesNoAdmin(admin, { role: 'admin' }, 1)).toBe(false);
    expect(leavesNoAdmin({ role: 'finance', active: true }, { active: false }, 1)).toBe(false);
  });
});
