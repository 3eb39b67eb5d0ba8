import { describe, expect, it } from 'vitest';
import { lockDurationMs, LOCKOUT_RULES, MAX_LOCK_MS } from './login-lockout';

const MINUTE = 60_000;

describe('lockDurationMs', () => {
  it.each([
    [1, 0],
    [4, 0],
    [5, 1 * MINUTE],
    [6, 2 * MINUTE],
    [7, 4 * MINUTE],
    [8, 8 * MINUTE],
    [9, 15 * MINUTE],
    [50, 15 * MINUTE],
    [1_000_000, 15 * MINUTE],
  ])('locks a pair for the %i-th failure for %i ms', (failures, expected) => {
    expect(lockDurationMs(failures, LOCKOUT_RULES.pair)).toBe(expected);
  });

  it('lets an address fail 19 times before its first minute', () => {
    expect(lockDurationMs(19, LOCKOUT_RULES.address)).toBe(0);
    expect(lockDurationMs(20, LOCKOUT_RULES.address)).toBe(MINUTE);
  });

  it('never locks longer than 15 minutes', () => {
    for (let failures = 0; failures < 200; failures += 1) {
      expect(lockDurationMs(failures, LOCKOUT_RULES.pair)).toBeLessThanOrEqual(MAX_LOCK_MS);
    }
  });
});
