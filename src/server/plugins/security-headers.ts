import helmet, { type FastifyHelmetOptions } from '@fastify/helmet';
import Fastify, { type FastifyInstance } from 'fastify';

/** What Fastify itself puts on a response, not helmet. */
const FASTIFY_HEADERS = new Set([
  'content-type',
  'content-length',
  'date',
  'connection',
  'keep-alive',
  'transfer-encoding',
]);

/**
 * Helmet's headers for these options. @fastify/helmet builds helmet's middleware anew on every
 * request (parsing the CSP directives each time: it showed in the benchmark's profile); with no
 * per-route options and no nonces the headers never change, so they are taken once from a
 * throwaway instance.
 */
export async function helmetHeaders(options: FastifyHelmetOptions): Promise<[string, string][]> {
  const probe = Fastify({ logger: false });
  await probe.register(helmet, options);
  probe.get('/', async () => '');
  const response = await probe.inject({ method: 'GET', url: '/' });
  await probe.close();
  return Object.entries(response.headers)
    .filter(([name]) => !FASTIFY_HEADERS.has(name))
    .map(([name, value]) => [name, String(value)]);
}

/**
 * Sets the security headers on every response, as helmet would: on the raw response, so that a
 * route's own header (a stricter CSP on stored files) still wins.
 */
export async function registerSecurityHeaders(
  app: FastifyInstance,
  options: FastifyHelmetOptions,
): Promise<void> {
  const headers = await helmetHeaders(options);
  app.addHook('onRequest', (_request, reply, done) => {
    for (const [name, value] of headers) reply.raw.setHeader(name, value);
    done();
  });
}
