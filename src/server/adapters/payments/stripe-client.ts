import Stripe from 'stripe';
import type { Config } from '../../env';

export type StripeConfig = Pick<Config, 'STRIPE_SECRET_KEY' | 'STRIPE_API_BASE'>;

/**
 * The SDK client. STRIPE_API_BASE (e.g. http://127.0.0.1:4010) points it at another server;
 * without it the SDK talks to api.stripe.com.
 */
export function createStripeClient(config: StripeConfig): Stripe {
  if (!config.STRIPE_SECRET_KEY) throw new Error('PAYMENTS=stripe needs STRIPE_SECRET_KEY');
  const base = config.STRIPE_API_BASE ? new URL(config.STRIPE_API_BASE) : undefined;
  return new Stripe(config.STRIPE_SECRET_KEY, {
    // Retries repeat the same idempotency key, so a retried write is still one operation.
    maxNetworkRetries: 2,
    ...(base
      ? {
          host: base.hostname,
          port: base.port || (base.protocol === 'http:' ? 80 : 443),
          protocol: base.protocol === 'http:' ? ('http' as const) : ('https' as const),
        }
      : {}),
  });
}
