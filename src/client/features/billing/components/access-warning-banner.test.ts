import { describe, expect, it } from 'vitest';
import { endsInText, warningText } from './access-warning-banner';

describe('the subscription banner', () => {
  it.each([
    [null, 'ends soon'],
    [0, 'ends today'],
    [1, 'ends in 1 day'],
    [6, 'ends in 6 days'],
  ])('%s days left reads "%s"', (days, expected) => {
    expect(endsInText(days)).toBe(expected);
  });

  it('names the end of a trial with its day', () => {
    expect(
      warningText({ kind: 'trial_ending', ends_at: '2026-03-16T15:00:00Z', days_left: 6 }),
    ).toBe('Your free trial ends in 6 days (March 16, 2026).');
  });

  it('says a cancelled plan will not renew, and a failed renewal as such', () => {
    expect(warningText({ kind: 'subscription_ending', ends_at: null, days_left: 1 })).toBe(
      'Your subscription ends in 1 day and will not renew.',
    );
    expect(warningText({ kind: 'renewal_failed', ends_at: null, days_left: null })).toBe(
      'Your last renewal payment did not go through.',
    );
  });
});
