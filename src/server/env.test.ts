import { describe, expect, it } from 'vitest';
import { loadConfig } from './env';

/** The lines of the refusal `loadConfig` throws for `env`, or [] when it starts. */
function refusals(env: Record<string, string>): string[] {
  try {
    loadConfig(env);
    return [];
  } catch (error) {
    return String(error instanceof Error ? error.message : error)
      .split('\n')
      .slice(1)
      .map((line) => line.trim());
  }
}

const hooksRefused = (nodeEnv: string) =>
  `TEST_HOOKS: must only be true when NODE_ENV=test, the test suites' (NODE_ENV is ${nodeEnv}): its routes move billing clocks and make coupons`;
const PAYMENTS_REFUSED =
  'PAYMENTS: must be set when NODE_ENV=production: stripe (with its keys), or sandbox to take only test cards on purpose';

describe('the fail-safes at start (docs/deploying.md, decision 027)', () => {
  it.each([
    ['NODE_ENV=test', { NODE_ENV: 'test' }, []],
    ['NODE_ENV unset', {}, [hooksRefused('unset')]],
    ['NODE_ENV empty', { NODE_ENV: '' }, [hooksRefused('unset')]],
    ['NODE_ENV=development', { NODE_ENV: 'development' }, [hooksRefused('"development"')]],
    ['NODE_ENV=Test', { NODE_ENV: 'Test' }, [hooksRefused('"Test"')]],
    ['NODE_ENV=staging', { NODE_ENV: 'staging', PAYMENTS: 'sandbox' }, [hooksRefused('"staging"')]],
    [
      'NODE_ENV=production',
      { NODE_ENV: 'production', PAYMENTS: 'sandbox' },
      [hooksRefused('"production"')],
    ],
    [
      'NODE_ENV=Production',
      { NODE_ENV: 'Production', PAYMENTS: 'sandbox' },
      [hooksRefused('"Production"')],
    ],
  ])('TEST_HOOKS=true with %s', (_case, env: Record<string, string>, expected) => {
    expect(refusals({ ...env, TEST_HOOKS: 'true' })).toEqual(expected);
  });

  it.each([['production'], ['Production'], ['PRODUCTION'], [' production ']])(
    'requires PAYMENTS to be named with NODE_ENV=%j',
    (nodeEnv) => {
      expect(refusals({ NODE_ENV: nodeEnv })).toEqual([PAYMENTS_REFUSED]);
      expect(refusals({ NODE_ENV: nodeEnv, PAYMENTS: 'sandbox' })).toEqual([]);
    },
  );

  it('starts anywhere without test hooks, and names both refusals at once', () => {
    for (const nodeEnv of ['', 'test', 'development', 'staging']) {
      expect(refusals({ NODE_ENV: nodeEnv, TEST_HOOKS: 'false' })).toEqual([]);
    }
    expect(refusals({ NODE_ENV: 'PRODUCTION', TEST_HOOKS: 'true' })).toEqual([
      hooksRefused('"PRODUCTION"'),
      PAYMENTS_REFUSED,
    ]);
  });
});
