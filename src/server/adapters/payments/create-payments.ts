import type { Config } from '../../env';
import type { PaymentsPort } from './payments.port';
import { createSandboxPayments } from './sandbox';
import { createStripePayments } from './stripe';

/** The provider the configuration names. */
export function createPayments(
  config: Pick<Config, 'PAYMENTS' | 'STRIPE_SECRET_KEY' | 'STRIPE_API_BASE'>,
): PaymentsPort {
  return config.PAYMENTS === 'stripe' ? createStripePayments(config) : createSandboxPayments();
}
