import { AsyncLocalStorage } from 'node:async_hooks';
import type { FastifyInstance, FastifyRequest } from 'fastify';

/**
 * The end-to-end suite's movable clock (TEST_HOOKS only). A test that stands on a date sends this
 * header with every request, its browser's and its own: the milliseconds between that date and
 * the real now when the test began. The server's clock then reads real now + offset for that
 * request alone, so time still flows and tests on other dates run beside it on one server.
 */
export const TEST_CLOCK_HEADER = 'x-test-clock-offset-ms';

/** Ten years either way: further than any test stands, near enough to refuse nonsense. */
const MAX_OFFSET_MS = 10 * 366 * 24 * 60 * 60 * 1000;

const offsets = new AsyncLocalStorage<number>();

/** `base`, moved by the offset of the request being served (none outside one). */
export function withTestClock(base: () => Date): () => Date {
  return () => {
    const at = base();
    const offset = offsets.getStore();
    return offset === undefined ? at : new Date(at.getTime() + offset);
  };
}

/**
 * Reads the header of a test suite's request (isTestSuiteRequest) and serves the request under
 * its offset.
 */
export function registerTestClock(app: FastifyInstance, trustProxy: boolean): void {
  app.addHook('onRequest', (request, _reply, done) => {
    const raw = request.headers[TEST_CLOCK_HEADER];
    const offset = typeof raw === 'string' && /^-?\d{1,14}$/.test(raw) ? Number(raw) : null;
    if (offset === null || Math.abs(offset) > MAX_OFFSET_MS) return done();
    if (!isTestSuiteRequest(request, trustProxy)) return done();
    offsets.run(offset, done);
  });
}

/** The headers a reverse proxy adds to say whom it forwards for. */
const FORWARDING_HEADERS = ['forwarded', 'x-forwarded-for', 'x-real-ip'] as const;

/**
 * Whether a request may use the test hooks (TEST_HOOKS, NODE_ENV=test only): its connection is
 * from this machine (the socket's own peer, whatever a header says) and, unless TRUST_PROXY
 * says a proxy stands in front, it carries no forwarding header. A reverse proxy on the same
 * host connects from loopback too, and adds them: what it forwards is someone else's request
 * (decision 027). With TRUST_PROXY (the e2e suite's server, which forwards made-up addresses
 * itself), only the NODE_ENV=test refusal at start stands between a deployment and these hooks.
 */
export function isTestSuiteRequest(request: FastifyRequest, trustProxy: boolean): boolean {
  if (!isLoopback(request.socket.remoteAddress)) return false;
  return trustProxy || FORWARDING_HEADERS.every((name) => request.headers[name] === undefined);
}

/** Whether a socket's peer is this machine: 127.0.0.0/8 or ::1, IPv4-mapped or not. */
function isLoopback(address: string | undefined): boolean {
  if (!address) return false;
  const v4 = address.startsWith('::ffff:') ? address.slice(7) : address;
  return v4.startsWith('127.') || address === '::1';
}
