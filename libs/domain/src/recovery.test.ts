import { describe, expect, it } from 'vitest';
import { recoveryHoldUntil } from './recovery';

describe('recoveryHoldUntil', () => {
  const reset = new Date('2026-01-10T12:00:00Z');

  it('holds for the given hours after a reset', () => {
    const now = new Date('2026-01-11T11:59:59Z');
    expect(recoveryHoldUntil(reset, 24, now)).toEqual(new Date('2026-01-11T12:00:00Z'));
  });

  it('ends the hold at its end, not a moment later', () => {
    expect(recoveryHoldUntil(reset, 24, new Date('2026-01-11T12:00:00Z'))).toBeNull();
  });

  it('holds nothing without a reset or with the hold off', () => {
    expect(recoveryHoldUntil(null, 24, reset)).toBeNull();
    expect(recoveryHoldUntil(reset, 0, reset)).toBeNull();
  });
});
