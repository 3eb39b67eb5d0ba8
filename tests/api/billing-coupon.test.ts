import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeCoupon, parseCouponArgs } from '../../scripts/coupon';
import { openDatabase } from '../../src/server/db/client';
import { findCouponByCode } from '../../src/server/features/billing/billing.repository';
import { createCoupon } from '../../src/server/features/billing/billing.service';
import { createTrainee, type TestUser } from '../helpers/factories';
import { seedPgliteDataDir } from '../helpers/test-database';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { addCoupon, charge, eventsOf, START, storedFor } from './billing-support';

const dataDir = mkdtempSync(path.join(tmpdir(), 'ft-coupon-'));
let t: TestApp;
let trainee: TestUser;

beforeAll(async () => {
  await seedPgliteDataDir(dataDir);
  t = await createTestApp();
  t.clock.now = START;
  trainee = await createTrainee(t.db, { dateJoined: START });
  await addCoupon(t, { code: 'SAVE20', percentOff: 20, validUntil: '2027-01-01', maxUses: 100 });
  await addCoupon(t, { code: 'FREE100', percentOff: 100 });
  await addCoupon(t, { code: 'HUGE', amountOffCents: 100_000 });
  await addCoupon(t, { code: 'EXPIRED', percentOff: 10, validUntil: '2026-08-31' });
});
afterAll(async () => {
  await t.close();
  rmSync(dataDir, { recursive: true, force: true });
});
const newTrainee = () => createTrainee(t.db, { dateJoined: START });

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
  // One real run, on an embedded database made from the run's migrated template.
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

describe('GET /api/v1/verify-coupon (no trailing slash)', () => {
  beforeAll(async () => {
    await addCoupon(t, { code: 'FIVEOFF', amountOffCents: 500 });
    await addCoupon(t, { code: 'OLD', percentOff: 10, validUntil: '2026-08-31' });
    await addCoupon(t, { code: 'SOON', percentOff: 10, validFrom: '2026-09-02' });
    await addCoupon(t, { code: 'ONCE', percentOff: 50, maxUses: 1 });
  });
  const verify = (code: string, url = '/api/v1/verify-coupon') =>
    t.request({
      method: 'GET',
      url: `${url}?coupon=${encodeURIComponent(code)}`,
      token: trainee.token,
    });

  it.each<
    [
      string,
      string,
      { valid: boolean; percent_off: number | null; amount_off: number | null; status: string },
    ]
  >([
    [
      'a percent-off code',
      'SAVE20',
      { valid: true, percent_off: 20, amount_off: null, status: 'valid' },
    ],
    [
      'a code typed in lower case with spaces',
      ' save20 ',
      { valid: true, percent_off: 20, amount_off: null, status: 'valid' },
    ],
    [
      'an amount-off code (cents)',
      'FIVEOFF',
      { valid: true, percent_off: null, amount_off: 500, status: 'valid' },
    ],
    [
      'an unknown code',
      'NOPE',
      { valid: false, percent_off: null, amount_off: null, status: 'not_found' },
    ],
    [
      'an expired code',
      'OLD',
      { valid: false, percent_off: null, amount_off: null, status: 'expired' },
    ],
    [
      'a code not valid yet',
      'SOON',
      { valid: false, percent_off: null, amount_off: null, status: 'not_yet_valid' },
    ],
  ])('%s', async (_case, code, coupon) => {
    const response = await verify(code);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ data: { coupon } });
  });

  it('answers with a trailing slash too', async () => {
    const response = await verify('SAVE20', '/api/v1/verify-coupon/');
    expect(response.json()).toMatchObject({ data: { coupon: { valid: true } } });
  });

  it('says a code is used up once its uses are taken', async () => {
    expect((await verify('ONCE')).json()).toMatchObject({ data: { coupon: { valid: true } } });
    const buyer = await createTrainee(t.db, { dateJoined: START });
    expect(
      (await charge(t, buyer.token, { sub_id: 12, token: 'tok_visa', coupon: 'ONCE' })).statusCode,
    ).toBe(201);
    expect((await verify('ONCE')).json()).toEqual({
      data: { coupon: { valid: false, percent_off: null, amount_off: null, status: 'used_up' } },
    });
  });

  it('limits how fast one trainee can try codes', async () => {
    const guesser = await createTrainee(t.db, { dateJoined: START });
    const statuses: number[] = [];
    for (let i = 0; i < 31; i += 1) {
      const response = await t.request({
        method: 'GET',
        url: `/api/v1/verify-coupon?coupon=GUESS${i}`,
        token: guesser.token,
      });
      statuses.push(response.statusCode);
    }
    expect(statuses.slice(0, 30).every((status) => status === 200)).toBe(true);
    expect(statuses[30]).toBe(429);
  });
});

describe('coupons at payment', () => {
  it('takes 20% off the first charge only', async () => {
    const trainee = await newTrainee();
    const response = await charge(t, trainee.token, {
      sub_id: 13,
      token: 'tok_visa',
      coupon: 'save20',
    });
    expect(response.json().subscription).toMatchObject({
      next_payment_amount: 14900,
      events: [{ kind: 'charge', amount: 11920, coupon: 'SAVE20' }],
    });
    expect((await t.lastMailTo(trainee.email))?.text).toContain('Amount: $119.20\nCoupon: SAVE20');
  });

  it('charges nothing with a 100% coupon, and still subscribes', async () => {
    const trainee = await newTrainee();
    const response = await charge(t, trainee.token, {
      sub_id: 12,
      token: 'tok_visa',
      coupon: 'FREE100',
    });
    expect(response.statusCode).toBe(201);
    expect(response.json().msg).toBe('Successfully Charged for Subscription');
    expect(await eventsOf(t, trainee.id)).toEqual([
      { kind: 'charge', amountCents: 0, couponCode: 'FREE100', providerRef: null },
    ]);
    expect((await t.lastMailTo(trainee.email))?.text).toContain('Amount: $0.00\nCoupon: FREE100');
  });

  it('floors at $0 when amount_off is larger than the price', async () => {
    const trainee = await newTrainee();
    const response = await charge(t, trainee.token, {
      sub_id: 14,
      token: 'tok_visa',
      coupon: 'HUGE',
    });
    expect(response.statusCode).toBe(201);
    expect(await eventsOf(t, trainee.id)).toEqual([
      { kind: 'charge', amountCents: 0, couponCode: 'HUGE', providerRef: null },
    ]);
  });

  it.each(['NOPE', 'EXPIRED'])('refuses the coupon %s before charging anything', async (coupon) => {
    const trainee = await newTrainee();
    const response = await charge(t, trainee.token, { sub_id: 12, token: 'tok_visa', coupon });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ coupon: ['Invalid Coupon'] });
    expect(await storedFor(t, trainee.id)).toMatchObject({
      subscriptions: 0,
      events: 0,
      isPaid: false,
    });
  });
});
