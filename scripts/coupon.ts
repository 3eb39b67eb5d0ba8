// `npm run coupon -- --code SAVE20 --percent-off 20 --valid-until 2027-01-01 --max-uses 100`:
// creates a discount code. Opens the database as the server does (DATABASE_URL, or the embedded
// one in DATA_DIR: stop the server first, PGlite belongs to one process).
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { CouponDefinitionSchema, type CouponDefinition } from '../src/shared/billing/coupon';
import { formatUsd } from '../src/shared/billing/price';
import { openDatabase } from '../src/server/db/client';
import { loadConfig } from '../src/server/env';
import { createCoupon } from '../src/server/features/billing/billing.service';

export const COUPON_USAGE = `Usage: npm run coupon -- --code CODE (--percent-off N | --amount-off CENTS)
       [--valid-from YYYY-MM-DD] [--valid-until YYYY-MM-DD] [--max-uses N]
  --amount-off is in cents (500 is $5). Dates are UTC days; --valid-until is the last valid day.`;

const wholeNumber = (value: string | undefined) =>
  value === undefined ? null : /^-?\d+$/.test(value) ? Number(value) : Number.NaN;

/** The coupon the command line describes, or the reasons it is not one. */
export function parseCouponArgs(
  argv: string[],
): { ok: true; coupon: CouponDefinition } | { ok: false; errors: string[] } {
  let values;
  try {
    ({ values } = parseArgs({
      args: argv,
      options: {
        code: { type: 'string' },
        'percent-off': { type: 'string' },
        'amount-off': { type: 'string' },
        'valid-from': { type: 'string' },
        'valid-until': { type: 'string' },
        'max-uses': { type: 'string' },
      },
      strict: true,
    }));
  } catch (error) {
    return { ok: false, errors: [error instanceof Error ? error.message : String(error)] };
  }
  const parsed = CouponDefinitionSchema.safeParse({
    code: values.code ?? '',
    percentOff: wholeNumber(values['percent-off']),
    amountOffCents: wholeNumber(values['amount-off']),
    validFrom: values['valid-from'] ?? null,
    validUntil: values['valid-until'] ?? null,
    maxUses: wholeNumber(values['max-uses']),
  });
  if (parsed.success) return { ok: true, coupon: parsed.data };
  const flags: Record<string, string> = {
    percentOff: '--percent-off',
    amountOffCents: '--amount-off',
    validFrom: '--valid-from',
    validUntil: '--valid-until',
    maxUses: '--max-uses',
    code: '--code',
  };
  return {
    ok: false,
    errors: parsed.error.issues.map((issue) => {
      const field = String(issue.path[0] ?? '');
      return `${flags[field] ?? field}: ${issue.message}`;
    }),
  };
}

/** One line saying what was created. */
export function describeCoupon(coupon: CouponDefinition): string {
  const discount =
    coupon.percentOff !== null
      ? `${coupon.percentOff}% off`
      : `${formatUsd(coupon.amountOffCents ?? 0)} off`;
  const until = coupon.validUntil
    ? `, valid through ${new Date(coupon.validUntil.getTime() - 86_400_000).toISOString().slice(0, 10)}`
    : '';
  const from = coupon.validFrom ? `, from ${coupon.validFrom.toISOString().slice(0, 10)}` : '';
  const uses = coupon.maxUses !== null ? `, at most ${coupon.maxUses} uses` : ', unlimited uses';
  return `Created coupon ${coupon.code}: ${discount}${from}${until}${uses}.`;
}

async function main(): Promise<void> {
  const parsed = parseCouponArgs(process.argv.slice(2));
  if (!parsed.ok) {
    console.error(`${parsed.errors.join('\n')}\n\n${COUPON_USAGE}`);
    process.exitCode = 2;
    return;
  }
  const config = loadConfig();
  const database = await openDatabase({
    databaseUrl: config.DATABASE_URL,
    dataDir: config.DATA_DIR,
  });
  try {
    await createCoupon({ db: database.db, definition: parsed.coupon });
    console.log(describeCoupon(parsed.coupon));
  } finally {
    await database.close();
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  main().catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exitCode = 1;
  });
}
