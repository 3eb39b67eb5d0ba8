import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../../shared/errors';
import type { StripeWebhookReader } from '../../adapters/payments/stripe-webhook';
import type { AppDeps } from '../../deps';
import { applyStripeEvent } from './billing-webhook.service';

export const STRIPE_WEBHOOK_PATH = '/api/v1/stripe-webhook/';

/**
 * Stripe's signed events (PAYMENTS=stripe). The signature covers the exact bytes sent, so this
 * plugin alone reads JSON bodies raw; the rest of the app keeps its JSON parser.
 */
export function stripeWebhookRoutes(
  deps: AppDeps,
  reader: StripeWebhookReader,
  testMode: boolean,
): FastifyPluginAsyncZod {
  return async (app) => {
    app.removeContentTypeParser('application/json');
    app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) =>
      done(null, body),
    );

    app.post(
      STRIPE_WEBHOOK_PATH,
      {
        schema: {
          tags: ['billing'],
          hide: true,
          response: { 200: z.object({ received: z.literal(true) }) },
        },
      },
      async (request) => {
        const signature = request.headers['stripe-signature'];
        const event = Buffer.isBuffer(request.body)
          ? reader.verify(request.body, typeof signature === 'string' ? signature : undefined)
          : null;
        if (!event) throw new AppError('INVALID', 'The Stripe signature is not valid.');
        const fact = await reader.factOf(event);
        await applyStripeEvent(
          {
            db: deps.db,
            mailer: deps.mailer,
            testMode,
            appUrl: deps.config.APP_URL,
            now: deps.now(),
          },
          event,
          fact,
        );
        return { received: true as const };
      },
    );
  };
}
