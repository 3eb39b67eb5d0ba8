import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ChargePaymentRequestSchema,
  ChargePaymentResponseSchema,
  ModifyPaymentMethodRequestSchema,
  ModifySubscriptionRequestSchema,
  PaymentDetailsSchema,
  PaymentMessageResponseSchema,
  SubscriptionPlansResponseSchema,
  UserSubscriptionsResponseSchema,
  VerifyCouponQuerySchema,
  VerifyCouponResponseSchema,
} from '../../../shared/billing/billing.schema';
import type { PaymentsPort } from '../../adapters/payments/payments.port';
import type { AppDeps } from '../../deps';
import { guard, requireAccount, requireActor, requireTrainee } from '../../plugins/auth';
import { chargePayment } from './billing-charge.service';
import * as service from './billing.service';
import { pricesFromConfig } from './billing.wire';

const tags = ['billing'];

/**
 * SPEC §7 "Billing", paths verbatim. Everyone signed in may read; only trainees pay, so every
 * write is trainee-only (supervisors get 403). The paywall is plugins/paywall.ts.
 */
export function billingRoutes(deps: AppDeps, payments: PaymentsPort): FastifyPluginAsyncZod {
  const billing = {
    db: deps.db,
    payments,
    mailer: deps.mailer,
    prices: pricesFromConfig(deps.config),
    appUrl: deps.config.APP_URL,
    stripePublishableKey:
      deps.config.PAYMENTS === 'stripe' ? (deps.config.STRIPE_PUBLISHABLE_KEY ?? null) : null,
  };
  const asUser = (request: Parameters<typeof requireActor>[0]) => ({
    ...billing,
    actor: requireActor(request),
    now: deps.now(),
  });
  const asTrainee = (request: Parameters<typeof requireTrainee>[0]) => ({
    ...billing,
    actor: requireTrainee(request),
    now: deps.now(),
  });

  return async (app) => {
    app.get(
      '/api/v1/subscription/',
      {
        onRequest: guard.user,
        schema: { tags, response: { 200: SubscriptionPlansResponseSchema } },
      },
      async (request) => service.listPlans(asUser(request)),
    );

    app.get(
      '/api/v1/user-subscription/',
      {
        onRequest: guard.user,
        schema: { tags, response: { 200: UserSubscriptionsResponseSchema } },
      },
      async (request) =>
        service.getUserSubscriptions({
          ...asUser(request),
          account: requireAccount(request).billing,
        }),
    );

    app.post(
      '/api/v1/charge-payment/',
      {
        onRequest: guard.trainee,
        schema: {
          tags,
          body: ChargePaymentRequestSchema,
          response: { 201: ChargePaymentResponseSchema },
        },
      },
      async (request, reply) => {
        const result = await chargePayment({
          ...asTrainee(request),
          input: request.body,
          mode: 'create',
        });
        return reply.status(201).send(result);
      },
    );

    app.put(
      '/api/v1/charge-payment/',
      {
        onRequest: guard.trainee,
        schema: {
          tags,
          body: ChargePaymentRequestSchema,
          response: { 200: ChargePaymentResponseSchema },
        },
      },
      async (request) =>
        chargePayment({ ...asTrainee(request), input: request.body, mode: 'update' }),
    );

    app.post(
      '/api/v1/modify-subscription/',
      {
        onRequest: guard.trainee,
        schema: {
          tags,
          body: ModifySubscriptionRequestSchema,
          response: { 200: PaymentMessageResponseSchema },
        },
      },
      async (request) => ({
        msg: await service.cancelSubscription({ ...asTrainee(request), id: request.body.id }),
      }),
    );

    app.post(
      '/api/v1/modify-payment-method/',
      {
        onRequest: guard.trainee,
        schema: {
          tags,
          body: ModifyPaymentMethodRequestSchema,
          response: { 200: PaymentMessageResponseSchema },
        },
      },
      async (request) => ({
        msg: await service.changePaymentMethod({
          ...asTrainee(request),
          token: request.body.token,
        }),
      }),
    );

    app.get(
      '/api/v1/user-payment-details/',
      { onRequest: guard.user, schema: { tags, response: { 200: PaymentDetailsSchema } } },
      async (request) => service.getPaymentDetails(asUser(request)),
    );

    // Spelled without the trailing slash, as in SPEC §7 (the router ignores trailing slashes).
    app.get(
      '/api/v1/verify-coupon',
      {
        onRequest: guard.user,
        schema: {
          tags,
          querystring: VerifyCouponQuerySchema,
          response: { 200: VerifyCouponResponseSchema },
        },
      },
      async (request) => ({
        data: {
          coupon: await service.verifyCoupon({ ...asUser(request), code: request.query.coupon }),
        },
      }),
    );
  };
}
