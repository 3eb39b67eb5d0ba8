import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { describeCoupon, parseCouponArgs } from '../../scripts/coupon';
import { openDatabase } from '../../src/server/db/client';
import { findCouponByCode } from '../../src/server/features/billing/billing.repository';
import { createCoupon } from '../../src/server/features/billing/billing.service';

const dataDir = mkdtempSync(path.join(tmpdir(), 'ft-coupon-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

/** Runs `npm run coupon -- …` the way npm does, on an embedded database of its own. */
function runCouponScript(args: string[]): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    let output = '';
    const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/coupon.ts', ...args], {
      env: { ...process.env, DATABASE_URL: '', DATA_DIR: dataDir },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.once('exit', (code) => resolve({ code, output }));
  });
}

describe('npm run coupon', () => {
  // One real run: a new embedded database is created and migrated, slow on a busy machine.
  it(
    'creates the coupon the issue describes, and refuses the same code twice',
    { timeout: 180_000 },
    async () => {
      const args = [
        '--code',
        'SAVE20',
        '--percent-off',
        '20',
        '--valid-until',
        '2027-01-01',
        '--max-uses',
        '100',
      ];
      const created = await runCouponScript(args);
      expect(created.output.trim()).toBe(
        'Created coupon SAVE20: 20% off, valid through 2027-01-01, at most 100 uses.',
      );
      expect(created.code).toBe(0);

      const database = await openDatabase({ dataDir, migrate: false });
      try {
        expect(await findCouponByCode(database.db, 'SAVE20')).toMatchObject({
          code: 'SAVE20',
          percentOff: 20,
          amountOffCents: null,
          validFrom: null,
          validUntil: new Date('2027-01-02T00:00:00Z'),
          maxUses: 100,
          uses: 0,
        });
        const parsed = parseCouponArgs(args);
        if (!parsed.ok) throw new Error(parsed.errors.join('\n'));
        await expect(createCoupon({ db: database.db, definition: parsed.coupon })).rejects.toThrow(
          'The coupon SAVE20 already exists.',
        );
      } finally {
        await database.close();
      }
    },
  );

  it('explains bad arguments without opening the database', async () => {
    const result = await runCouponScript([
      '--code',
      'HALF',
      '--percent-off',
      '50',
      '--amount-off',
      '500',
    ]);
    expect(result.code).toBe(2);
    expect(result.output).toContain('--percent-off: give exactly one of percent off or amount off');
    expect(result.output).toContain('Usage: npm run coupon -- --code CODE');
  });
});

describe('parseCouponArgs', () => {
  it('reads an amount in cents, a start date and no limit', () => {
    const parsed = parseCouponArgs([
      '--code',
      'fiveoff',
      '--amount-off',
      '500',
      '--valid-from',
      '2026-12-01',
    ]);
    expect(parsed).toEqual({
      ok: true,
      coupon: {
        code: 'FIVEOFF',
        percentOff: null,
        amountOffCents: 500,
        validFrom: new Date('2026-12-01T00:00:00Z'),
        validUntil: null,
        maxUses: null,
      },
    });
    if (parsed.ok) {
      expect(describeCoupon(parsed.coupon)).toBe(
        'Created coupon FIVEOFF: $5.00 off, from 2026-12-01, unlimited uses.',
      );
    }
  });

  it.each<[string, string[], string]>([
    [
      'an unknown flag',
      ['--code', 'X1X', '--percent-off', '5', '--forever'],
      "Unknown option '--forever'",
    ],
    ['no code', ['--percent-off', '5'], '--code: 3 to 40 letters, digits, - or _'],
    ['a percentage over 100', ['--code', 'MUCH', '--percent-off', '120'], '--percent-off:'],
    ['a fraction of a cent', ['--code', 'FRAC', '--amount-off', '2.5'], '--amount-off:'],
    [
      'an impossible date',
      ['--code', 'FEB', '--percent-off', '5', '--valid-until', '2026-02-30'],
      '--valid-until: must be a real date',
    ],
    ['no uses at all', ['--code', 'ZERO', '--percent-off', '5', '--max-uses', '0'], '--max-uses:'],
  ])('refuses %s', (_case, argv, message) => {
    const parsed = parseCouponArgs(argv);
    expect(parsed.ok).toBe(false);
    expect(parsed.ok ? [] : parsed.errors.join('\n')).toContain(message);
  });
});
