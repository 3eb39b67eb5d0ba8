import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';

/**
 * Helmet's security headers on every answer, with helmet and its Content-Security-Policy built
 * once at start. (@fastify/helmet builds helmet again for every request, parsing the policy each
 * time: a third of a small answer's time and most of the garbage a busy server makes.)
 */
export function registerSecurityHeaders(app: FastifyInstance, options: HelmetOptions): void {
  const setHeaders = helmet(options);
  app.addHook('onRequest', (request, reply, done) => {
    reply.raw.setHeader('permissions-policy', PERMISSIONS_POLICY);
    setHeaders(request.raw, reply.raw, (error) => done(error as Error | undefined));
  });
}

/**
 * The browser features no page of ours uses, turned off for them and anything they frame (helmet
 * sets no Permissions-Policy). Payment stays open to Stripe's frame, which may offer wallets.
 */
export const PERMISSIONS_POLICY = [
  'accelerometer=()',
  'camera=()',
  'geolocation=()',
  'gyroscope=()',
  'magnetometer=()',
  'microphone=()',
  'usb=()',
  'interest-cohort=()',
  'payment=(self "https://js.stripe.com")',
].join(', ');
