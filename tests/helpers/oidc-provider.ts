import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider from 'oidc-provider';

/**
 * A real OpenID Connect provider (`oidc-provider`) on loopback, the issuer of the Google sign-in
 * tests. Its sign-in page takes any login: the login is the account's subject, and its claims are
 * read from it — the email is the part before a `#` (so `ana@example.com#2` is another account
 * with the same email), and the email is unverified when the login contains `unverified`; the
 * name has line breaks in it when the login contains `multiline`.
 */
export type TestIssuer = {
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** The environment of an app that signs in with this issuer. */
  env: Record<string, string>;
  close: () => Promise<void>;
};

export const TEST_CLIENT = { id: 'fieldwork-tracker', secret: 'a-test-client-secret' } as const;

export function claimsOfLogin(login: string) {
  const email = login.split('#')[0] ?? login;
  return {
    sub: login,
    email,
    email_verified: !login.includes('unverified'),
    // An issuer's profile name is whatever its owner typed there (issue 36).
    name: login.includes('multiline') ? 'Gina\r\nGoogle\u2028Bcc: x@example.com' : 'Gina Google',
  };
}

/** Starts the provider on a free loopback port; `appUrl` is the app it sends people back to. */
export async function startTestIssuer(appUrl: string): Promise<TestIssuer> {
  const server: Server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  const issuer = `http://127.0.0.1:${port}`;
  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: TEST_CLIENT.id,
        client_secret: TEST_CLIENT.secret,
        redirect_uris: [new URL('/', appUrl).href],
        grant_types: ['authorization_code'],
        response_types: ['code'],
        token_endpoint_auth_method: 'client_secret_post',
      },
    ],
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'] },
    // Like Google: the ID token itself carries the email and name.
    conformIdTokenClaims: false,
    cookies: { keys: ['a-test-cookie-key'] },
    pkce: { required: () => true },
    findAccount: (_ctx, id) => ({ accountId: id, claims: () => claimsOfLogin(id) }),
  });
  // Quiet: the provider warns about its development-only interactions and keys.
  provider.on('server_error', () => undefined);
  server.on('request', provider.callback());
  const sockets = new Set<import('node:net').Socket>();
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.once('close', () => sockets.delete(socket));
  });
  return {
    issuer,
    clientId: TEST_CLIENT.id,
    clientSecret: TEST_CLIENT.secret,
    env: {
      OIDC_ISSUER: issuer,
      GOOGLE_CLIENT_ID: TEST_CLIENT.id,
      GOOGLE_CLIENT_SECRET: TEST_CLIENT.secret,
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        for (const socket of sockets) socket.destroy();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}

/**
 * Signs in at the provider as `login` and consents, the way a browser would: follows the
 * authorization URL through the provider's sign-in and consent pages with a cookie jar, and
 * returns the URL the provider sends the browser back to (the app's landing page with `code`,
 * `state` and `iss`).
 */
export async function signInAtIssuer(authorizationUrl: string, login: string): Promise<URL> {
  const jar = new Map<string, string>();
  const remember = (response: Response) => {
    for (const cookie of response.headers.getSetCookie()) {
      const [pair] = cookie.split(';');
      const [name, ...value] = (pair ?? '').split('=');
      if (name) jar.set(name.trim(), value.join('='));
    }
  };
  const cookieHeader = () => [...jar].map(([name, value]) => `${name}=${value}`).join('; ');
  let url = new URL(authorizationUrl);
  const origin = url.origin;
  let body: URLSearchParams | undefined;
  for (let step = 0; step < 20; step += 1) {
    const response = await fetch(url, {
      method: body ? 'POST' : 'GET',
      headers: {
        cookie: cookieHeader(),
        ...(body ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
      },
      body,
      redirect: 'manual',
    });
    remember(response);
    body = undefined;
    const location = response.headers.get('location');
    if (location) {
      url = new URL(location, url);
      if (url.origin !== origin) return url;
      continue;
    }
    const html = await response.text();
    if (response.status !== 200) throw new Error(`provider answered ${response.status}: ${html}`);
    const prompt = /name="prompt" value="(\w+)"/.exec(html)?.[1];
    const action = /<form[^>]*action="([^"]+)"/.exec(html)?.[1];
    if (!prompt || !action) throw new Error(`no sign-in or consent form at ${url.href}`);
    url = new URL(action.replaceAll('&amp;', '&'), url);
    body = new URLSearchParams(
      prompt === 'login' ? { prompt, login, password: 'any-password' } : { prompt },
    );
  }
  throw new Error('the provider never sent the browser back');
}
