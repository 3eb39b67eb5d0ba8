import { AsyncLocalStorage } from 'node:async_hooks';
import type { FastifyInstance, FastifyRequest } from 'fastify';

/**
 * The e2e suite's per-request clock offset (TEST_HOOKS only): time still flows, and tests on
 * other dates share one server.
 */
export const TEST_CLOCK_HEADER = 'x-test-clock-offset-ms';

/** Further than any test stands, near enough to refuse nonsense. */
const MAX_OFFSET_MS = 10 * 366 * 24 * 60 * 60 * 1000;

const offsets = new AsyncLocalStorage<number>();

export function withTestClock(base: () => Date): () => Date {
  return () => {
    const at = base();
    const offset = offsets.getStore();
    return offset === undefined ? at : new Date(at.getTime() + offset);
  };
}

export function registerTestClock(app: FastifyInstance, trustProxy: boolean): void {
  app.addHook('onRequest', (request, _reply, done) => {
    const raw = request.headers[TEST_CLOCK_HEADER];
    const offset = typeof raw === 'string' && /^-?\d{1,14}$/.test(raw) ? Number(raw) : null;
    if (offset === null || Math.abs(offset) > MAX_OFFSET_MS) return done();
    if (!isTestSuiteRequest(request, trustProxy)) return done();
    offsets.run(offset, done);
  });
}

const FORWARDING_HEADERS = ['forwarded', 'x-forwarded-for', 'x-real-ip'] as const;

/**
 * Loopback peer and no forwarding header: a same-host reverse proxy also connects from loopback
 * but forwards someone else's request (decision 027). With TRUST_PROXY only the NODE_ENV=test
 * refusal at start guards these hooks.
 */
export function isTestSuiteRequest(request: FastifyRequest, trustProxy: boolean): boolean {
  if (!isLoopback(request.socket.remoteAddress)) return false;
  return trustProxy || FORWARDING_HEADERS.every((name) => request.headers[name] === undefined);
}

function isLoopback(address: string | undefined): boolean {
  if (!address) return false;
  const v4 = address.startsWith('::ffff:') ? address.slice(7) : address;
  return v4.startsWith('127.') || address === '::1';
}
