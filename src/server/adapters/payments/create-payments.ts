import type { Config } from '../../env';
import type { PaymentsPort } from './payments.port';
import { createSandboxPayments } from './sandbox';

/** The provider the configuration names. Stripe's SDK is loaded only when it is the provider. */
export async function createPayments(
  config: Pick<Config, 'PAYMENTS' | 'STRIPE_SECRET_KEY' | 'STRIPE_API_BASE'>,
): Promise<PaymentsPort> {
  if (config.PAYMENTS !== 'stripe') return createSandboxPayments();
  const { createStripePayments } = await import('./stripe');
  return createStripePayments(config);
}
