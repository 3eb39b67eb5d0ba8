import { join } from 'node:path';
import { z } from 'zod';

const optionalText = z
  .string()
  .trim()
  .transform((value) => (value === '' ? undefined : value))
  .optional();

/** docs/decisions/010: prices are configuration, not data. */
const priceCents = (fallback: number) =>
  z.preprocess(
    (value) => (typeof value === 'string' && value.trim() === '' ? undefined : value),
    z.coerce
      .number({ error: 'must be a whole number of cents' })
      .int({ error: 'must be a whole number of cents' })
      .min(50, { error: 'must be at least 50 cents (card processors charge no less)' })
      .default(fallback),
  );

const urlWithProtocols = (protocols: string[]) =>
  optionalText.refine(
    (value) => value === undefined || protocols.some((p) => value.startsWith(`${p}://`)),
    { error: `must start with ${protocols.map((p) => `${p}://`).join(' or ')}` },
  );

/** In any case: what a deployment may write. */
function isProductionEnv(nodeEnv: string | undefined): boolean {
  return nodeEnv?.toLowerCase() === 'production';
}

/** Every environment variable of docs/architecture.md; each has a working default. */
export const EnvSchema = z
  .object({
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    HOST: z.string().default('0.0.0.0'),
    APP_URL: optionalText.refine((v) => v === undefined || /^https?:\/\//.test(v), {
      error: 'must start with http:// or https://',
    }),
    DATA_DIR: z.string().default('./data'),
    /** The BACB's blank forms, never shipped (decision 012). */
    FORMS_DIR: optionalText,
    DATABASE_URL: urlWithProtocols(['postgres', 'postgresql']),
    DB_POOL_MAX: z.coerce.number().int().min(1).max(1000).default(10),
    DB_CONNECT_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(5_000),
    DB_STATEMENT_TIMEOUT_MS: z.coerce.number().int().min(100).max(3_600_000).default(30_000),
    SMTP_URL: urlWithProtocols(['smtp', 'smtps']),
    MAIL_FROM: z.string().default('Fieldwork Tracker <no-reply@fieldworktracker.local>'),
    STORAGE_URL: optionalText.refine(
      (value) => value === undefined || /^(file:(\/\/\/.+)?|s3:\/\/[^/?#]+.*)$/.test(value),
      { error: 'must be file:, file:///path or s3://bucket' },
    ),
    /** Unset: one made once and kept in the storage itself. */
    STORAGE_SIGNING_KEY: optionalText.refine((value) => value === undefined || value.length >= 32, {
      error: 'must be at least 32 characters',
    }),
    /** Then 503 with Retry-After (decision 020). */
    STORAGE_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(30_000),
    S3_ENDPOINT: urlWithProtocols(['http', 'https']),
    S3_REGION: optionalText,
    S3_ACCESS_KEY_ID: optionalText,
    S3_SECRET_ACCESS_KEY: optionalText,
    /** Must be named with NODE_ENV=production. */
    PAYMENTS: z.enum(['sandbox', 'stripe']).optional(),
    STRIPE_SECRET_KEY: optionalText,
    STRIPE_PUBLISHABLE_KEY: optionalText,
    STRIPE_WEBHOOK_SECRET: optionalText,
    STRIPE_API_BASE: urlWithProtocols(['http', 'https']),
    PRICE_MONTHLY_CENTS: priceCents(1499),
    PRICE_YEARLY_CENTS: priceCents(14900),
    PRICE_LIFETIME_CENTS: priceCents(29900),
    GOOGLE_CLIENT_ID: optionalText,
    GOOGLE_CLIENT_SECRET: optionalText,
    OIDC_ISSUER: optionalText,
    TRUST_PROXY: z
      .enum(['true', 'false', ''])
      .default('false')
      .transform((value) => value === 'true'),
    /** Unset, `/metrics` answers 404 (docs/deploying.md). */
    METRICS_TOKEN: optionalText.refine((value) => value === undefined || value.length >= 16, {
      error: 'must be at least 16 characters',
    }),
    SHUTDOWN_TIMEOUT_SECONDS: z.coerce.number().int().min(1).max(600).default(25),
    /** The test suites only, and only with NODE_ENV=test. Never in a deployment. */
    TEST_HOOKS: z
      .enum(['true', 'false', ''])
      .default('false')
      .transform((value) => value === 'true'),
    /** Body included: slow uploads cannot hold connections; enough for 20 MB on a slow line. */
    REQUEST_TIMEOUT_SECONDS: z.coerce.number().int().min(1).max(3600).default(300),
    LOG_LEVEL: z
      .enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'])
      .default('info'),
    CLIENT_DIST: z.string().default('dist/client'),
    /** Read for the fail-safes only (docs/deploying.md, "Fail-safes"). */
    NODE_ENV: optionalText,
  })
  .superRefine((env, ctx) => {
    // A forgotten setting must not give things away: no spelling but `test` opens the test
    // hooks (decision 027).
    if (env.TEST_HOOKS && env.NODE_ENV !== 'test') {
      ctx.addIssue({
        code: 'custom',
        path: ['TEST_HOOKS'],
        message: `must only be true when NODE_ENV=test, the test suites' (NODE_ENV is ${env.NODE_ENV === undefined ? 'unset' : `"${env.NODE_ENV}"`}): its routes move billing clocks and make coupons`,
      });
    }
    if (isProductionEnv(env.NODE_ENV) && env.PAYMENTS === undefined) {
      ctx.addIssue({
        code: 'custom',
        path: ['PAYMENTS'],
        message:
          'must be set when NODE_ENV=production: stripe (with its keys), or sandbox to take only test cards on purpose',
      });
    }
    if (env.PAYMENTS === 'stripe') {
      for (const key of [
        'STRIPE_SECRET_KEY',
        'STRIPE_PUBLISHABLE_KEY',
        'STRIPE_WEBHOOK_SECRET',
      ] as const) {
        if (!env[key])
          ctx.addIssue({ code: 'custom', path: [key], message: 'required when PAYMENTS=stripe' });
      }
    }
  })
  .transform((env) => ({
    ...env,
    PAYMENTS: env.PAYMENTS ?? 'sandbox',
    APP_URL: env.APP_URL ?? `http://localhost:${env.PORT}`,
    FORMS_DIR: env.FORMS_DIR ?? join(env.DATA_DIR, 'forms'),
  }));

export type Config = z.infer<typeof EnvSchema>;

/** Throws one error naming every bad variable. */
export function loadConfig(source: Record<string, string | undefined> = process.env): Config {
  const parsed = EnvSchema.safeParse(source);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new Error(`Invalid configuration:\n${lines.join('\n')}`);
  }
  return parsed.data;
}
