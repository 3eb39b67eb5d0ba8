import { createHmac, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';

/**
 * The folder's signed URLs carry one token: what may be done (`op`) to which object (`key`),
 * until when (`exp`, seconds), and for a download the name and type to answer with; for an
 * upload the most bytes to accept. HMAC-SHA256 over the encoded claims; nothing is kept on the
 * server, so any instance sharing the folder (and its key) can check it.
 */
const ClaimsSchema = z.discriminatedUnion('op', [
  z.object({
    op: z.literal('get'),
    key: z.string(),
    exp: z.number().int(),
    name: z.string(),
    type: z.string(),
  }),
  z.object({ op: z.literal('put'), key: z.string(), exp: z.number().int(), max: z.number().int() }),
]);
export type TokenClaims = z.infer<typeof ClaimsSchema>;

function mac(secret: Buffer, payload: string): Buffer {
  return createHmac('sha256', secret).update(payload).digest();
}

/** `<claims>.<signature>`, both base64url (safe in a query string). */
export function signToken(secret: Buffer, claims: TokenClaims): string {
  const payload = Buffer.from(JSON.stringify(claims)).toString('base64url');
  return `${payload}.${mac(secret, payload).toString('base64url')}`;
}

/** The claims of a token we signed that has not expired, or null for anything else. */
export function readToken(secret: Buffer, token: string, now: Date): TokenClaims | null {
  const [payload, signature, extra] = token.split('.');
  if (!payload || !signature || extra !== undefined) return null;
  const expected = mac(secret, payload);
  const given = Buffer.from(signature, 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  let json: unknown;
  try {
    json = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
  } catch {
    return null;
  }
  const claims = ClaimsSchema.safeParse(json);
  if (!claims.success || claims.data.exp * 1000 <= now.getTime()) return null;
  return claims.data;
}
