import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STRIPE_WEBHOOK_PATH } from '../../src/server/features/billing/billing-webhook.routes';
import { TOKEN_LIFETIME_MS } from '../../src/server/plugins/auth';
import {
  ACCESS_POLICY,
  CALLERS,
  type Access,
  type Caller,
  type Outcome,
} from '../../src/server/plugins/access-policy';
import { isPaywalled } from '../../src/server/plugins/paywall';
import { NIGHTLY, seedOf } from '../helpers/sample-size';
import { createTableFingerprint } from '../helpers/table-fingerprint';
import {
  createMatrixWorld,
  MISSING_IDS,
  OWNER_MARK,
  REQUESTS,
  tokenFor,
  type Ids,
  type MatrixRequest,
  type MatrixWorld,
} from './access-matrix-support';

/*
 * Every route of the app's route table, called as every kind of caller with a valid request that
 * names the owner's records, answers what its row in ACCESS_POLICY allows (decision 017): a
 * refusal changes no table, shows nothing of the owner's, and answers exactly what the same
 * request naming records that do not exist answers. A route without a row fails the first test.
 */

const TOKENLESS = ['anonymous', 'bogusToken', 'expiredToken', 'revokedToken'] as const;
type Tokenless = (typeof TOKENLESS)[number];
type AnyCaller = Caller | Tokenless | 'lapsedTrainee';
const ALL_CALLERS: AnyCaller[] = [...TOKENLESS, ...CALLERS, 'lapsedTrainee'];

/*
 * Every signed-in caller on every route, always. The tokenless ones are refused by one hook
 * before any route runs: in `npm test` each route is called by one of them in turn (each of them
 * on about a quarter of the routes, from the run's seed); the nightly run calls all four.
 */
const SEED = seedOf(20_261_126);
function callersOf(key: string): AnyCaller[] {
  if (NIGHTLY) return ALL_CALLERS;
  const index = rows.findIndex(([rowKey]) => rowKey === key);
  const tokenless = TOKENLESS[(index + SEED) % TOKENLESS.length] ?? 'anonymous';
  return [tokenless, ...CALLERS, 'lapsedTrainee'];
}

/** Routes registered only under some configurations (PAYMENTS=stripe): rows kept regardless. */
const CONDITIONAL_ROUTES = new Set([`POST ${STRIPE_WEBHOOK_PATH}`]);
const REFUSAL_STATUS = {
  unauthenticated: 401,
  paywalled: 402,
  forbidden: 403,
  hidden: 404,
  rejected: 400,
};
type Refusal = keyof typeof REFUSAL_STATUS;
type Expected = 'open' | 'allowed' | 'own' | Refusal;

/** What the row says a caller gets (tokenless and lapsed callers follow from it). */
function expectedFor(key: string, access: Access, caller: AnyCaller): Expected {
  if (access.kind === 'open') return 'open';
  if ((TOKENLESS as readonly string[]).includes(caller)) return 'unauthenticated';
  if (caller !== 'lapsedTrainee') return access.outcomes[caller as Caller];
  // A trainee whose access ended: what another trainee gets, but 402 on a paywalled write.
  const asTrainee: Outcome = access.outcomes.otherTrainee;
  const [method = '', url = ''] = key.split(' ');
  return asTrainee !== 'forbidden' && isPaywalled(method, url) ? 'paywalled' : asTrainee;
}

/** The owner and the supervisors linked to them, who may see the owner's name and address. */
const SEE_THE_OWNER = new Set<AnyCaller>(['owner', 'linkedSupervisor', 'coSupervisor']);

let w: MatrixWorld;
let fingerprint: () => Promise<Record<string, string>>;
const routeKeys: string[] = [];

beforeAll(async () => {
  w = await createMatrixWorld();
  fingerprint = await createTableFingerprint(w.t.db);
  for (const route of w.t.routes) {
    for (const method of [route.method].flat()) {
      // HEAD twins of GET routes answer with the GET route's handler.
      if (method !== 'HEAD') routeKeys.push(`${method} ${route.url}`);
    }
  }
}, 120_000);
afterAll(() => w.close());

const refusalTokens = new Map<AnyCaller, string>();
async function tokenOf(caller: AnyCaller, isFresh: boolean): Promise<string | undefined> {
  switch (caller) {
    case 'anonymous':
      return undefined;
    case 'bogusToken':
      return 'f'.repeat(64);
    case 'expiredToken':
      return w.expiredToken;
    case 'revokedToken':
      return w.revokedToken;
    default: {
      // Refusals change nothing, so one token each serves them all (minting writes a row); a
      // request let in gets a fresh one, since a logout or a password change revokes them.
      const kept = refusalTokens.get(caller);
      if (kept && !isFresh) return kept;
      const token = await tokenFor(w.t, w.users[caller], TOKEN_LIFETIME_MS);
      if (!isFresh) refusalTokens.set(caller, token);
      return token;
    }
  }
}

async function requestOf(key: string, ids: Ids): Promise<MatrixRequest> {
  const build = REQUESTS[key];
  if (build) return build(ids);
  const url = key.slice(key.indexOf(' ') + 1);
  if (/[:*]/.test(url))
    throw new Error(`No request for ${key} in tests/api/access-matrix-support.ts`);
  return { url };
}

let addressCount = 0;
async function send(
  key: string,
  caller: AnyCaller,
  ids: Ids,
  isFresh = false,
  /** The caller's token to use (a read sent twice compares the answers of one session). */
  given?: string,
): Promise<LightMyRequestResponse> {
  const [method = 'GET'] = key.split(' ');
  const { url, payload, headers } = await requestOf(key, ids);
  const token = given ?? (await tokenOf(caller, isFresh));
  // Rate limits key on the address: a new one each time, so no limit answers for the route.
  addressCount += 1;
  return w.t.app.inject({
    method: method as 'GET',
    url,
    remoteAddress: `10.9.${Math.floor(addressCount / 250)}.${addressCount % 250}`,
    headers: { ...headers, ...(token ? { authorization: `token ${token}` } : {}) },
    ...(payload !== undefined ? { payload } : {}),
  });
}

const rows = Object.entries(ACCESS_POLICY).filter(([key]) => !CONDITIONAL_ROUTES.has(key));
const isPlainBody = (payload: unknown): payload is Record<string, unknown> =>
  typeof payload === 'object' && payload !== null && !Buffer.isBuffer(payload);
const refused = (expected: Expected): expected is Refusal => expected in REFUSAL_STATUS;

describe('the access table', () => {
  it('has a row for every route the app registers, and none for a route it does not', () => {
    const missing = routeKeys.filter((key) => !(key in ACCESS_POLICY));
    expect(
      missing,
      'add these routes to ACCESS_POLICY in src/server/plugins/access-policy.ts',
    ).toEqual([]);
    const stale = rows.map(([key]) => key).filter((key) => !routeKeys.includes(key));
    expect(stale, 'rows in ACCESS_POLICY for routes the app no longer has').toEqual([]);
  });
});

describe('every route, as every caller', () => {
  beforeAll(async () => {
    for (const caller of ALL_CALLERS) await tokenOf(caller, false);
  });

  // Refusals first: they must change nothing, so the owner's records are as set up for each.
  it.each(rows)(
    '%s refuses whom its row refuses, as if the records did not exist',
    async (key, access) => {
      const before = await fingerprint();
      for (const caller of callersOf(key)) {
        const expected = expectedFor(key, access, caller);
        if (!refused(expected)) continue;
        const response = await send(key, caller, w.ids);
        const context = `${key} as ${caller} (${expected}) → ${response.statusCode} ${response.body.slice(0, 300)}`;
        expect(response.statusCode, context).toBe(REFUSAL_STATUS[expected]);
        expect(response.body, context).not.toContain(OWNER_MARK);
        expect(response.body, context).not.toContain(w.users.owner.email);
        if (expected === 'hidden' || expected === 'rejected') {
          const missing = await send(key, caller, MISSING_IDS);
          expect(`${missing.statusCode} ${missing.body}`, context).toBe(
            `${response.statusCode} ${response.body}`,
          );
        }
      }
      const after = await fingerprint();
      const changed = Object.keys(after).filter((table) => after[table] !== before[table]);
      expect(changed, `${key}: tables a refused request changed`).toEqual([]);
    },
  );

  // Before any request let in changes the owner's records: each of these must be refused whole.
  it.each(rows)(
    '%s refuses prototype-pollution keys in its body, and ignores them in its query',
    async (key, access) => {
      const caller = ALL_CALLERS.find((who) => !refused(expectedFor(key, access, who)));
      if (!caller) return;
      const request = await requestOf(key, w.ids);
      const before = await fingerprint();
      const [method = 'GET'] = key.split(' ');
      const token = await tokenOf(caller, false);
      const inject = (url: string, payload?: string) =>
        w.t.app.inject({
          method: method as 'GET',
          url,
          headers: {
            ...(token ? { authorization: `token ${token}` } : {}),
            ...(payload !== undefined ? { 'content-type': 'application/json' } : {}),
          },
          ...(payload !== undefined ? { payload } : {}),
        });
      if (isPlainBody(request.payload)) {
        // Raw text: JSON.stringify would drop a `__proto__` key set by assignment.
        const body = JSON.stringify(request.payload).replace(
          /^\{/,
          '{"__proto__":{"is_supervisor":true,"polluted":"yes"},"constructor":{"prototype":{"polluted":"yes"}},',
        );
        const response = await inject(request.url, body);
        expect(response.statusCode, `${key}: ${response.body}`).toBe(400);
      }
      if (key.startsWith('GET ')) {
        const separator = request.url.includes('?') ? '&' : '?';
        const pollutedUrl = `${request.url}${separator}__proto__[polluted]=yes&constructor[prototype][polluted]=yes&__proto__=yes`;
        const clean = await inject(request.url);
        const response = await inject(pollutedUrl);
        expect(response.statusCode, `${key}: ${response.body}`).toBe(clean.statusCode);
      }
      expect(await fingerprint()).toEqual(before);
      expect(Object.prototype).not.toHaveProperty('polluted');
      expect(Object.prototype).not.toHaveProperty('is_supervisor');
    },
  );

  // Then the callers let in, reads before writes (a write may move a record on, e.g. a delete).
  const allowedRows = [...rows].sort(
    ([a], [b]) => Number(!a.startsWith('GET ')) - Number(!b.startsWith('GET ')),
  );
  it.each(allowedRows)('%s lets in whom its row lets in', async (key, access) => {
    for (const caller of callersOf(key)) {
      const expected = expectedFor(key, access, caller);
      if (refused(expected)) continue;
      const token = await tokenOf(caller, true);
      const response = await send(key, caller, w.ids, true, token);
      const context = `${key} as ${caller} (${expected}) → ${response.statusCode} ${response.body.slice(0, 300)}`;
      expect(response.statusCode, context).toBeLessThan(500);
      if (expected !== 'open') expect([401, 402, 403], context).not.toContain(response.statusCode);
      if (expected === 'allowed') {
        expect(response.statusCode, context).not.toBe(404);
        if (key.startsWith('GET ')) expect(response.statusCode, context).toBeLessThan(400);
      }
      if (expected !== 'allowed' && !SEE_THE_OWNER.has(caller)) {
        expect(response.body, context).not.toContain(OWNER_MARK);
        expect(response.body, context).not.toContain(w.users.owner.email);
        if (key.startsWith('GET ')) {
          // Naming the owner's records or records that do not exist makes no difference.
          const missing = await send(key, caller, MISSING_IDS, true, token);
          expect(`${missing.statusCode} ${missing.body}`, context).toBe(
            `${response.statusCode} ${response.body}`,
          );
        }
      }
    }
  });
});
