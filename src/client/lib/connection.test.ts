import { describe, expect, it } from 'vitest';
import { isNetworkFailure } from './connection';
import { probeDelaySeconds } from './connection-probe';

describe('telling offline from a request given up', () => {
  it.each([
    ["the browser's failed fetch", new TypeError('Failed to fetch'), undefined, true],
    ['a request the page aborted', new DOMException('Aborted', 'AbortError'), 'aborted', false],
    ["a failed fetch after the page's abort", new TypeError('Failed to fetch'), 'aborted', false],
    ['a time limit reached', new DOMException('Timed out', 'TimeoutError'), undefined, false],
    ['any other error', new Error('boom'), undefined, false],
  ])('%s: offline %s', (_case, error, state, expected) => {
    const controller = new AbortController();
    if (state === 'aborted') controller.abort();
    expect(isNetworkFailure(error, controller.signal)).toBe(expected);
  });

  it.each([
    [0, 2],
    [1, 4],
    [2, 8],
    [3, 16],
    [4, 30],
    [10, 30],
  ])('asks the server again after attempt %i in %i s', (attempt, seconds) => {
    expect(probeDelaySeconds(attempt)).toBe(seconds);
  });
});
