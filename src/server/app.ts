import { randomUUID } from 'node:crypto';
import Fastify, {
  type FastifyInstance,
  type FastifyServerOptions,
  type onRouteHookHandler,
} from 'fastify';
import { validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { createMailer, type Mailer } from './adapters/mail/mailer';
import { createPayments } from './adapters/payments/create-payments';
import type { PaymentsPort } from './adapters/payments/payments.port';
import { createStorage } from './adapters/storage/create-storage';
import type { StoragePort } from './adapters/storage/storage.port';
import { openConfiguredDatabase, type Database } from './db/client';
import type { AppDeps } from './deps';
import type { Config } from './env';
import { accountsRoutes } from './features/accounts/accounts.routes';
import { googleSignInRoutes } from './features/google-sign-in/google-sign-in.routes';
import { agendaRoutes } from './features/agenda/agenda.routes';
import { stripeWebhookRoutes } from './features/billing/billing-webhook.routes';
import { billingRoutes } from './features/billing/billing.routes';
import { contentRoutes } from './features/content/content.routes';
import { filesRoutes } from './features/files/files.routes';
import { formsRoutes } from './features/forms/forms.routes';
import { logsRoutes } from './features/logs/logs.routes';
import { importRoutes } from './features/import/import.routes';
import { atRiskRoutes } from './features/at-risk/at-risk.routes';
import { calendarRoutes } from './features/calendar/calendar.routes';
import { recordsExportRoutes } from './features/records-export/records-export.routes';
import { planRoutes } from './features/plan/plan.routes';
import { profileRoutes } from './features/profile/profile.routes';
import { progressRoutes } from './features/progress/progress.routes';
import { reviewRoutes } from './features/review/review.routes';
import { registerSecurityAudit } from './features/security/security-audit';
import { securityRoutes } from './features/security/security.routes';
import { linkRequestsRoutes } from './features/supervisors/link-requests.routes';
import { supervisorsRoutes } from './features/supervisors/supervisors.routes';
import { scheduledJobs, scheduleJobs } from './jobs/scheduled-jobs';
import { registerAuth } from './plugins/auth';
import { registerClient } from './plugins/client';
import { registerErrorHandler, replyWithError } from './plugins/error-handler';
import { loggerOptions } from './plugins/logger';
import { registerOpenApi } from './plugins/openapi';
import { registerOperations } from './plugins/operations';
import { registerPaywall } from './plugins/paywall';
import { registerSecurityHeaders } from './plugins/security-headers';
import { serializerCompiler } from './plugins/serializer';
import { registerTestClock, withTestClock } from './plugins/test-clock';
import { testHooksRoutes } from './plugins/test-hooks';

export type BuildAppOptions = {
  config: Config;
  /** An open database, which the app leaves open; when absent one is opened from the config. */
  database?: Database;
  /**
   * The database the config names, already being opened (main.ts starts opening it while this
   * module loads); the app closes it when it closes.
   */
  openingDatabase?: Promise<Database>;
  mailer?: Mailer;
  /** The payment provider; when absent, the one PAYMENTS names. */
  payments?: PaymentsPort;
  /** Where uploads are kept; when absent, the one STORAGE_URL names. */
  storage?: StoragePort;
  now?: () => Date;
  logger?: FastifyServerOptions['logger'];
  /** Told of every route as it is registered (the property tests enumerate the API with it). */
  onRoute?: onRouteHookHandler;
};

/** Builds the whole application without listening (main.ts listens; tests inject). */
export async function buildApp(options: BuildAppOptions): Promise<FastifyInstance> {
  const { config } = options;
  // First, so a provider that cannot run stops the start before anything else is made.
  const payments = options.payments ?? (await createPayments(config));
  const app = Fastify({
    logger: options.logger ?? loggerOptions(config.LOG_LEVEL),
    // Behind a trusted proxy its X-Request-Id names the request in every log line, so one request
    // can be followed from the proxy's log into whichever instance served it; otherwise a client
    // could write what it likes into our logs, and each request gets an id of its own.
    genReqId: (request) => {
      const incoming = request.headers['x-request-id'];
      return config.TRUST_PROXY && typeof incoming === 'string' && /^[\w-]{8,64}$/.test(incoming)
        ? incoming
        : randomUUID();
    },
    bodyLimit: 1024 * 1024,
    // Fastify's default is no limit at all: a trickling body would hold its connection for ever.
    requestTimeout: config.REQUEST_TIMEOUT_SECONDS * 1000,
    // Node checks for requests past their time this often (30 s by default), and only when the
    // headers' own limit (60 s by default) is no longer than the request's.
    http: {
      headersTimeout: Math.min(60_000, config.REQUEST_TIMEOUT_SECONDS * 1000),
      connectionsCheckingInterval: Math.min(30_000, config.REQUEST_TIMEOUT_SECONDS * 250),
    },
    // Only behind a known proxy may X-Forwarded-For name the client (rate limits key on it).
    trustProxy: config.TRUST_PROXY,
    routerOptions: { ignoreTrailingSlash: true },
    frameworkErrors: replyWithError,
  }).withTypeProvider<ZodTypeProvider>();
  if (options.onRoute) app.addHook('onRoute', options.onRoute);

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  const database =
    options.database ?? (await (options.openingDatabase ?? openConfiguredDatabase(config)));
  const ownsDatabase = !options.database;
  const mailer =
    options.mailer ??
    createMailer({
      smtpUrl: config.SMTP_URL,
      from: config.MAIL_FROM,
      onError: (error) => app.log.error({ err: error }, 'mail delivery failed'),
    });
  const realNow = options.now ?? (() => new Date());
  // The end-to-end suite moves the clock per request (test-clock.ts); nothing else ever does.
  const now = config.TEST_HOOKS ? withTestClock(realNow) : realNow;
  if (config.TEST_HOOKS) registerTestClock(app, config.TRUST_PROXY);
  const deps: AppDeps = {
    config,
    database,
    db: database.db,
    mailer,
    storage: options.storage ?? (await createStorage(config, now)),
    now,
  };

  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });
  // onClose hooks run last-added first: the jobs' (which waits for runs under way) before this.
  app.addHook('onClose', async () => {
    if (!options.mailer) mailer.close();
    if (ownsDatabase) await database.close();
  });
  const jobs = scheduledJobs(deps, payments);
  scheduleJobs(app, database.db, jobs, deps.now);

  // Stripe Elements (PAYMENTS=stripe) loads Stripe.js, which talks to Stripe's API and keeps
  // the card fields in Stripe's own frames (Stripe's published CSP requirements).
  // With S3, the picture is uploaded straight to the bucket (a presigned PUT); every download,
  // pictures included, comes from the app.
  const stripe = config.PAYMENTS === 'stripe';
  const uploadOrigins = deps.storage.uploadOrigins;
  // Scripts only from our origin (and Stripe's): no inline script anywhere. Styles allow inline
  // because Mantine writes its CSS variables in a <style> element at run time (decision 018).
  registerSecurityHeaders(app, {
    strictTransportSecurity: { maxAge: 365 * 24 * 60 * 60, includeSubDomains: true },
    referrerPolicy: { policy: 'no-referrer' },
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        styleSrc: ["'self'", "'unsafe-inline'"],
        scriptSrc: ["'self'", ...(stripe ? ['https://js.stripe.com'] : [])],
        connectSrc: ["'self'", ...uploadOrigins, ...(stripe ? ['https://api.stripe.com'] : [])],
        ...(stripe ? { frameSrc: ['https://js.stripe.com', 'https://hooks.stripe.com'] } : {}),
        frameAncestors: ["'none'"],
        // The service worker and the web manifest of the installable app (decision 023).
        workerSrc: ["'self'"],
        manifestSrc: ["'self'"],
        // Helmet's default asks browsers to fetch every http address as https. Served over plain
        // http (the default http://localhost:3000), Chromium then upgrades the redirect a profile
        // picture makes to its signed URL, and the picture never loads.
        upgradeInsecureRequests: config.APP_URL.startsWith('https:') ? [] : null,
      },
    },
  });
  registerErrorHandler(app);
  registerAuth(app, database.db, deps.now);
  registerPaywall(app, deps.now);
  registerSecurityAudit(app, database.db);
  await registerOpenApi(app);

  app.get(
    '/api/health',
    {
      schema: {
        tags: ['health'],
        response: {
          200: z.object({ status: z.literal('ok'), database: z.literal('up') }),
          503: z.object({ status: z.literal('degraded'), database: z.literal('down') }),
        },
      },
    },
    async (_request, reply) => {
      const up = await database.ping();
      return up
        ? { status: 'ok' as const, database: 'up' as const }
        : reply.status(503).send({ status: 'degraded' as const, database: 'down' as const });
    },
  );

  registerOperations(app, {
    database,
    storage: deps.storage,
    metricsToken: config.METRICS_TOKEN,
    now: deps.now,
  });

  await app.register(accountsRoutes(deps));
  await app.register(googleSignInRoutes(deps));
  await app.register(securityRoutes(deps));
  await app.register(profileRoutes(deps));
  await app.register(contentRoutes(deps));
  await app.register(supervisorsRoutes(deps));
  await app.register(linkRequestsRoutes(deps));
  await app.register(logsRoutes(deps));
  await app.register(progressRoutes(deps));
  await app.register(planRoutes(deps));
  await app.register(reviewRoutes(deps));
  await app.register(billingRoutes(deps, payments));
  await app.register(filesRoutes(deps));
  await app.register(agendaRoutes(deps));
  await app.register(formsRoutes(deps));
  await app.register(recordsExportRoutes(deps));
  await app.register(importRoutes(deps));
  await app.register(atRiskRoutes(deps));
  await app.register(calendarRoutes(deps));
  if (payments.provider === 'stripe') {
    const { createStripeWebhookReader } = await import('./adapters/payments/stripe-webhook');
    const reader = createStripeWebhookReader(config);
    await app.register(stripeWebhookRoutes(deps, reader, payments.testMode));
  }

  if (config.TEST_HOOKS) {
    app.log.warn('TEST_HOOKS=true: the end-to-end test routes under /api/test/ are open');
    await app.register(testHooksRoutes(database.db, jobs, deps.now, config.TRUST_PROXY));
  }

  await registerClient(app, config.CLIENT_DIST);
  return app;
}
