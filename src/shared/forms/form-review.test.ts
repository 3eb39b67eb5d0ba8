import { describe, expect, it } from 'vitest';
import { logsToReviewText, notReviewedMessage } from './form-review';

describe('the logs a signature waits for (issue 36)', () => {
  it.each([
    [{ pending: 0, flagged: 0 }, null],
    [{ pending: 1, flagged: 0 }, '1 log is not approved yet (1 pending)'],
    [{ pending: 0, flagged: 1 }, '1 log is not approved yet (1 flagged)'],
    [{ pending: 20, flagged: 1 }, '21 logs are not approved yet (20 pending, 1 flagged)'],
  ])('%j: %s', (counts, text) => {
    expect(logsToReviewText(counts)).toBe(text);
  });

  it('refuses with what waits and what to do, naming the flagged log’s next step', () => {
    expect(notReviewedMessage({ pending: 0, flagged: 0 })).toBeNull();
    expect(notReviewedMessage({ pending: 2, flagged: 0 })).toBe(
      '2 logs are not approved yet (2 pending): approve every log of the month before signing its form, which signs the month off.',
    );
    expect(notReviewedMessage({ pending: 20, flagged: 1 })).toBe(
      '21 logs are not approved yet (20 pending, 1 flagged): approve every log of the month before signing its form, which signs the month off. A flagged log waits for the trainee to correct it and resend it.',
    );
  });
});
