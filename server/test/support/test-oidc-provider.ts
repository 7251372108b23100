/**
 * An OpenID Connect provider started inside a test (`oidc-provider`), on 127.0.0.1 and a free
 * port: one confidential client, and the accounts the test gives (an email address, verified or
 * not). Its login page asks which account signs in ("Account", "Sign in"); signing in grants
 * the client what it asked for, with no consent step. Used by the server suite (which follows
 * the redirects with `fetch`, `followSignIn`) and by the browser journey.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider from 'oidc-provider';

export interface TestAccount {
  email: string;
  email_verified: boolean;
  given_name?: string;
  family_name?: string;
}

export interface TestOidcProvider {
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** The accounts that can sign in, by id (what the login page's "Account" takes); a test may add more. */
  accounts: Map<string, TestAccount>;
  close(): Promise<void>;
}

export interface TestOidcOptions {
  redirectUris: string[];
  accounts: Record<string, TestAccount>;
  clientId?: string;
  clientSecret?: string;
}

const escape = (text: string): string => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

function loginPage(uid: string, error = ''): string {
  return `<!doctype html><html lang="en"><head><title>Test provider: sign in</title></head><body><main>
<h1>Test provider</h1>${error ? `<p role="alert">${escape(error)}</p>` : ''}
<form method="post" action="/interaction/${escape(uid)}">
<label for="login">Account</label> <input id="login" name="login" autocomplete="off">
<button type="submit">Sign in</button></form></main></body></html>`;
}

async function formBody(request: IncomingMessage): Promise<URLSearchParams> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
}

export async function startOidcProvider(options: TestOidcOptions): Promise<TestOidcProvider> {
  const accounts = new Map(Object.entries(options.accounts));
  const clientId = options.clientId ?? 'formsign-test';
  const clientSecret = options.clientSecret ?? 'a-test-client-secret-that-is-long-enough';
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: clientId,
        client_secret: clientSecret,
        redirect_uris: options.redirectUris,
        grant_types: ['authorization_code'],
        response_types: ['code'],
        token_endpoint_auth_method: 'client_secret_post',
      },
    ],
    async findAccount(_context, id) {
      const account = accounts.get(id);
      if (!account) return undefined;
      return { accountId: id, claims: async () => ({ sub: id, ...account }) };
    },
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['given_name', 'family_name'] },
    interactions: { url: (_context, interaction) => `/interaction/${interaction.uid}` },
    features: { devInteractions: { enabled: false } },
    cookies: { keys: ['a-test-cookie-key'] },
    // Short lives, stated (the provider warns of its defaults otherwise).
    ttl: { AccessToken: 600, AuthorizationCode: 60, Grant: 600, IdToken: 600, Interaction: 600, Session: 600 },
  });
  const callback = provider.callback();
  const interaction = async (request: IncomingMessage, response: ServerResponse): Promise<void> => {
    const details = await provider.interactionDetails(request, response);
    if (request.method !== 'POST') {
      response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(loginPage(details.uid));
      return;
    }
    const login = (await formBody(request)).get('login')?.trim() ?? '';
    if (!accounts.has(login)) {
      response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(loginPage(details.uid, 'No such account.'));
      return;
    }
    const grant = new provider.Grant({ accountId: login, clientId: String(details.params['client_id']) });
    grant.addOIDCScope(String(details.params['scope'] ?? 'openid'));
    grant.addOIDCClaims(['email', 'email_verified', 'given_name', 'family_name']);
    const grantId = await grant.save();
    await provider.interactionFinished(request, response, { login: { accountId: login }, consent: { grantId } }, { mergeWithLastSubmission: false });
  };
  server.on('request', (request: IncomingMessage, response: ServerResponse) => {
    if (request.url?.startsWith('/interaction/')) {
      interaction(request, response).catch((error: unknown) => {
        response.writeHead(500, { 'content-type': 'text/plain' }).end(error instanceof Error ? error.message : String(error));
      });
      return;
    }
    callback(request, response);
  });
  return {
    issuer,
    clientId,
    clientSecret,
    accounts,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** Cookies kept across a chain of requests to the provider (every path, as a test needs no more). */
class CookieJar {
  private readonly cookies = new Map<string, string>();
  take(response: Response): void {
    for (const line of response.headers.getSetCookie()) {
      const [pair = ''] = line.split(';');
      const at = pair.indexOf('=');
      if (at > 0) this.cookies.set(pair.slice(0, at).trim(), pair.slice(at + 1).trim());
    }
  }
  header(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  }
}

/**
 * Follows the provider's side of a sign-in as a browser would, from the authorization address
 * the app redirected to, signing in as `account` on its login page; answers the address the
 * provider sends the browser back to (the app's callback, with its query).
 */
export async function followSignIn(authorizationUrl: string, account: string, redirectUri: string): Promise<URL> {
  const jar = new CookieJar();
  let url = new URL(authorizationUrl);
  let method: 'GET' | 'POST' = 'GET';
  let body: string | undefined;
  for (let hop = 0; hop < 10; hop += 1) {
    const response = await fetch(url, {
      method,
      redirect: 'manual',
      headers: { cookie: jar.header(), ...(body ? { 'content-type': 'application/x-www-form-urlencoded' } : {}) },
      ...(body ? { body } : {}),
    });
    jar.take(response);
    const location = response.headers.get('location');
    if (location) {
      const next = new URL(location, url);
      if (next.href.startsWith(redirectUri)) return next;
      url = next;
      method = 'GET';
      body = undefined;
      continue;
    }
    if (response.status === 200 && url.pathname.startsWith('/interaction/') && method === 'GET') {
      await response.text();
      method = 'POST';
      body = new URLSearchParams({ login: account }).toString();
      continue;
    }
    throw new Error(`The provider answered ${response.status} at ${url.pathname}: ${(await response.text()).slice(0, 300)}`);
  }
  throw new Error('The provider did not send the browser back.');
}
