import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';

/** Helmet built once at start: @fastify/helmet rebuilds it (and parses the CSP) per request. */
export function registerSecurityHeaders(app: FastifyInstance, options: HelmetOptions): void {
  const setHeaders = helmet(options);
  app.addHook('onRequest', (request, reply, done) => {
    reply.raw.setHeader('permissions-policy', PERMISSIONS_POLICY);
    setHeaders(request.raw, reply.raw, (error) => done(error as Error | undefined));
  });
}

/** Helmet sets no Permissions-Policy. Payment stays open to Stripe's frame (wallets). */
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
