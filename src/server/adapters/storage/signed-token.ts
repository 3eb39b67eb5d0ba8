import { createHmac, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';
import { SIGNED_PUT_SECONDS, signedGetWindow } from './storage.port';

export const STORAGE_OBJECT_PATH = '/api/v1/storage/object/';

/** HMAC-SHA256 over the claims; nothing is kept, so any instance with the key can check it. */
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

export function signToken(secret: Buffer, claims: TokenClaims): string {
  const payload = Buffer.from(JSON.stringify(claims)).toString('base64url');
  return `${payload}.${mac(secret, payload).toString('base64url')}`;
}

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

export type LinkSigner = {
  downloadUrl(key: string, options: { filename: string; contentType: string }): Promise<string>;
  uploadUrl(key: string, maxBytes: number): Promise<{ url: string; expiresAt: Date }>;
  read(token: string): Promise<TokenClaims | null>;
};

/** A failed key read is retried, rather than failing every link until a restart. */
export function createLinkSigner(loadSecret: () => Promise<Buffer>, now: () => Date): LinkSigner {
  let secret: Promise<Buffer> | undefined;
  const signingSecret = () =>
    (secret ??= loadSecret().catch((error: unknown) => {
      secret = undefined;
      throw error;
    }));
  const sign = async (claims: TokenClaims) =>
    `${STORAGE_OBJECT_PATH}?token=${signToken(await signingSecret(), claims)}`;
  return {
    async downloadUrl(key, { filename, contentType }) {
      const exp = Math.floor(signedGetWindow(now()).expiresAt.getTime() / 1000);
      return sign({ op: 'get', key, exp, name: filename, type: contentType });
    },
    async uploadUrl(key, maxBytes) {
      const expiresAt = new Date(now().getTime() + SIGNED_PUT_SECONDS * 1000);
      const exp = Math.floor(expiresAt.getTime() / 1000);
      return { url: await sign({ op: 'put', key, exp, max: maxBytes }), expiresAt };
    },
    async read(token) {
      return readToken(await signingSecret(), token, now());
    },
  };
}

/** A key too short (truncated, edited) is a storage fault: a 503, never a 500. */
export function signingSecretOf(text: string, where: string): Buffer {
  const key = text.trim();
  if (key.length < 32) {
    throw Object.assign(new Error(`${where} is too short to be a signing key`), {
      code: 'EBADSIGNINGKEY',
    });
  }
  return Buffer.from(key, 'utf8');
}
