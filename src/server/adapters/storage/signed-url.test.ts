import { describe, expect, it } from 'vitest';
import { attachmentDisposition } from './content-disposition';
import { readToken, signToken } from './signed-token';
import { isStorageKey, signedGetWindow } from './storage.port';

const secret = Buffer.from('k'.repeat(64));
const now = new Date('2026-03-20T12:00:00Z');
const claims = {
  op: 'put' as const,
  key: 'media/test/1/2.png',
  exp: now.getTime() / 1000 + 60,
  max: 10,
};

describe('signed tokens', () => {
  it('gives back the claims of a token it signed, until it expires', () => {
    const token = signToken(secret, claims);
    expect(readToken(secret, token, now)).toEqual(claims);
    expect(readToken(secret, token, new Date(now.getTime() + 60_000))).toBeNull();
  });

  it.each([
    ['another key', (token: string) => token, Buffer.from('x'.repeat(64))],
    [
      'altered claims',
      (token: string) =>
        `${Buffer.from(JSON.stringify({ ...claims, max: 1e9 })).toString('base64url')}.${token.split('.')[1]}`,
      secret,
    ],
    ['no signature', (token: string) => token.split('.')[0] ?? '', secret],
    ['an extra part', (token: string) => `${token}.x`, secret],
    ['garbage', () => '!!!.???', secret],
  ])('refuses a token with %s', (_name, change, key) => {
    expect(readToken(key, change(signToken(secret, claims)), now)).toBeNull();
  });
});

describe('signedGetWindow', () => {
  it.each([
    ['2026-03-20T12:00:00Z', '2026-03-20T12:15:00Z'],
    ['2026-03-20T12:04:59Z', '2026-03-20T12:15:00Z'],
    ['2026-03-20T12:05:00Z', '2026-03-20T12:20:00Z'],
  ])('at %s lasts until %s: 10 to 15 minutes, the same link within 5', (at, until) => {
    expect(signedGetWindow(new Date(at)).expiresAt.toISOString()).toBe(
      new Date(until).toISOString(),
    );
  });
});

describe('isStorageKey', () => {
  it.each([
    ['records/12/2b0c.pdf', true],
    ['media/test/5/1767225600000.png', true],
    ['../etc/passwd', false],
    ['a/../b', false],
    ['.signing-key', false],
    ['a/.tmp/x', false],
    ['a//b', false],
    ['a\\b', false],
    ['', false],
  ])('%s → %s', (key, valid) => {
    expect(isStorageKey(key)).toBe(valid);
  });
});

describe('attachmentDisposition', () => {
  it.each([
    ['form.pdf', `attachment; filename="form.pdf"; filename*=UTF-8''form.pdf`],
    [
      'Mär "final".pdf',
      `attachment; filename="Mar _final_.pdf"; filename*=UTF-8''M%C3%A4r%20%22final%22.pdf`,
    ],
    ['a/b\\c;d.pdf', `attachment; filename="a_b_c_d.pdf"; filename*=UTF-8''a%2Fb%5Cc%3Bd.pdf`],
    [
      'line\r\nbreak.pdf',
      `attachment; filename="line__break.pdf"; filename*=UTF-8''line%0D%0Abreak.pdf`,
    ],
    ['  ', `attachment; filename="download"; filename*=UTF-8''download`],
  ])('names %j safely', (name, header) => {
    expect(attachmentDisposition(name)).toBe(header);
  });
});
