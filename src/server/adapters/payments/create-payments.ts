import type { Config } from '../../env';
import type { PaymentsPort } from './payments.port';
import { createSandboxPayments } from './sandbox';

/**
 * The provider the configuration names. Stripe is not built yet: rather than take test-mode
 * payments on a deployment configured for real ones, the server refuses to start.
 */
export function createPayments(config: Pick<Config, 'PAYMENTS'>): PaymentsPort {
  if (config.PAYMENTS === 'stripe') {
    throw new Error(
      'PAYMENTS=stripe: the Stripe adapter is not part of this version yet; use PAYMENTS=sandbox.',
    );
  }
  return createSandboxPayments();
}
