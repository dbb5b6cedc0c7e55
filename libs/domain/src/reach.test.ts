import { describe, expect, it } from 'vitest';
import {
  leavesNoAdmin,
  needsSecondAdmin,
  reachRefusal,
  seesOperators,
  visibleRoleFilter,
} from './reach';

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

describe('needsSecondAdmin', () => {
  const member = { role: 'member' as const, active: true };
  const finance = { role: 'finance' as const, active: true };
  const admin = { role: 'admin' as const, active: true };
  it('holds granting or taking away admin or finance while the club has two admins', () => {
    expect(needsSecondAdmin(member, { role: 'admin' }, 2)).toBe(true);
    expect(needsSecondAdmin(member, { role: 'finance' }, 3)).toBe(true);
    expect(needsSecondAdmin(admin, { role: 'member' }, 2)).toBe(true);
    expect(needsSecondAdmin(finance, { role: 'support' }, 2)).toBe(true);
    expect(needsSecondAdmin(finance, { role: 'admin' }, 2)).toBe(true);
  });
  it('holds deactivating and reactivating an admin or finance operator', () => {
    expect(needsSecondAdmin(admin, { active: false }, 2)).toBe(true);
    expect(needsSecondAdmin(finance, { active: false }, 2)).toBe(true);
    expect(needsSecondAdmin({ ...finance, active: false }, { active: true }, 2)).toBe(true);
  });
  it('applies at once with one admin, for member and support, and when nothing changes', () => {
    expect(needsSecondAdmin(member, { role: 'admin' }, 1)).toBe(false);
    expect(needsSecondAdmin(member, { role: 'support' }, 2)).toBe(false);
    expect(needsSecondAdmin({ role: 'support', active: true }, { role: 'member' }, 2)).toBe(false);
    expect(needsSecondAdmin(member, { active: false }, 2)).toBe(false);
    expect(needsSecondAdmin(admin, { role: 'admin' }, 2)).toBe(false);
    expect(needsSecondAdmin(admin, { active: true }, 2)).toBe(false);
  });
});

describe('who sees operators in lists and exports', () => {
  it('only an admin', () => {
    expect(seesOperators('admin')).toBe(true);
    for (const role of ['finance', 'support', 'member'] as const)
      expect(seesOperators(role)).toBe(false);
  });

  it("narrows anyone else's role filter to members, and a filter for operators to nothing", () => {
    expect(visibleRoleFilter('admin', undefined)).toBeUndefined();
    expect(visibleRoleFilter('admin', 'finance')).toBe('finance');
    expect(visibleRoleFilter('support', undefined)).toBe('member');
    expect(visibleRoleFilter('support', 'member')).toBe('member');
    for (const asked of ['admin', 'finance', 'support'] as const) {
      expect(visibleRoleFilter('support', asked)).toBeNull();
      expect(visibleRoleFilter('finance', asked)).toBeNull();
    }
  });
});
