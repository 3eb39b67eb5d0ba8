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
import { contractsRoutes } from './features/contracts/contracts.routes';
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
  /** Left open by the app. */
  database?: Database;
  /** Started by main.ts while this module loads; the app closes it. */
  openingDatabase?: Promise<Database>;
  mailer?: Mailer;
  payments?: PaymentsPort;
  storage?: StoragePort;
  now?: () => Date;
  logger?: FastifyServerOptions['logger'];
  /** The property tests enumerate the API with it. */
  onRoute?: onRouteHookHandler;
};

export async function buildApp(options: BuildAppOptions): Promise<FastifyInstance> {
  const { config } = options;
  // First, so a provider that cannot run stops the start before anything is made.
  const payments = options.payments ?? (await createPayments(config));
  const app = Fastify({
    logger: options.logger ?? loggerOptions(config.LOG_LEVEL),
    // Only a trusted proxy's X-Request-Id: a client could otherwise write into our logs.
    genReqId: (request) => {
      const incoming = request.headers['x-request-id'];
      return config.TRUST_PROXY && typeof incoming === 'string' && /^[\w-]{8,64}$/.test(incoming)
        ? incoming
        : randomUUID();
    },
    bodyLimit: 1024 * 1024,
    requestTimeout: config.REQUEST_TIMEOUT_SECONDS * 1000,
    // Node enforces requestTimeout only if headersTimeout is no longer.
    http: {
      headersTimeout: Math.min(60_000, config.REQUEST_TIMEOUT_SECONDS * 1000),
      connectionsCheckingInterval: Math.min(30_000, config.REQUEST_TIMEOUT_SECONDS * 250),
    },
    // Rate limits key on the client address.
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
  // onClose hooks run last-added first: the jobs' waits for runs under way before this.
  app.addHook('onClose', async () => {
    if (!options.mailer) mailer.close();
    if (ownsDatabase) await database.close();
  });
  const jobs = scheduledJobs(deps, payments);
  scheduleJobs(app, database.db, jobs, deps.now);

  // Stripe's published CSP requirements; S3 takes the picture's presigned PUT directly.
  const stripe = config.PAYMENTS === 'stripe';
  const uploadOrigins = deps.storage.uploadOrigins;
  // Inline styles: Mantine writes its CSS variables in a <style> at run time (decision 018).
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
        // Decision 023.
        workerSrc: ["'self'"],
        manifestSrc: ["'self'"],
        // Over plain http, Chromium would upgrade the picture's redirect and never load it.
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
  await app.register(contractsRoutes(deps));
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
