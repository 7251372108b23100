/**
 * What the mock's front door tells a person testing against it: which fields of an invalid
 * request are wrong (in the body, in the contract's error shape), that an example or status
 * they asked for does not exist (with what the call can answer), and what they chose on the
 * QA page (`/__mock`): who they are at sign-in and what a call answers, for their session only.
 */
import { describe, expect, it } from 'vitest';
import { resolveRef, type ExampleObject } from '@formsign/openapi';
import { fieldProblems, invalidRequestText } from '@formsign/mocks/invalid-request';
import { parsePrefer } from '@formsign/mocks/prefer';
import { chosenPrefer, qaCookieName, readChoices } from '@formsign/mocks/qa';
import { document, operationOnWire } from '../support/contract.js';
import { mockUrl } from '../support/mock.js';
import { schemaValidator } from '@formsign/openapi/schema-validator';

const validate = schemaValidator(document);
const administratorToken = String(
  (resolveRef<ExampleObject>(document, document.components.examples.LoginAdministrator ?? {}).value as { token: string }).token,
);
const signedIn = { Authorization: `Bearer ${administratorToken}`, 'X-XSRF-TOKEN': 'qa', Cookie: 'XSRF-TOKEN=qa' };

/** The schema of an operation's answer with `status`. */
function schemaOf(method: string, wire: string, status: string): unknown {
  const operation = operationOnWire(method, wire);
  return resolveRef(document, operation?.responses[status] ?? {}).content?.['application/json']?.schema;
}

const post = (path: string, body: unknown, headers: Record<string, string> = {}): Promise<Response> =>
  fetch(new URL(path, mockUrl()), { method: 'POST', headers: { 'Content-Type': 'application/json', ...headers }, body: JSON.stringify(body) });

describe('an invalid request', () => {
  it('is answered with the fields that are wrong, in the body, in the contract’s error shape', async () => {
    const response = await post('/login', { name: 'olivia.bennett', password: 7 });
    expect(response.status).toBe(400);
    const body = (await response.json()) as { message: string };
    expect(body.message).toBe(`${invalidRequestText}: challenge is required; password must be string.`);
    expect(validate(schemaOf('post', '/api/login', '400'), body)).toEqual([]);
  });

  it('names a query parameter as one', async () => {
    const response = await fetch(new URL('/completed-forms?page=first', mockUrl()), { headers: signedIn });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ message: `${invalidRequestText}: query parameter page must be integer.` });
  });

  it('keeps the error shape of calls that report failures in `error`', async () => {
    const signing = await post('/websigning', { function: 'load' });
    expect(signing.status).toBe(400);
    const signingBody = (await signing.json()) as { error: string; data: null };
    expect(signingBody).toEqual({ data: null, error: `${invalidRequestText}: id is required.` });
    expect(validate(schemaOf('post', '/api/websigning', '400'), signingBody)).toEqual([]);

    const account = await fetch(new URL('/user', mockUrl()), {
      method: 'PUT',
      headers: { ...signedIn, 'Content-Type': 'application/json' },
      body: JSON.stringify({ data: { email: 5 } }),
    });
    expect(account.status).toBe(400);
    const accountBody = (await account.json()) as { error: string };
    expect(accountBody.error).toMatch(/^Some of the values sent are not valid: data\.email must be string/);
    expect(validate(schemaOf('put', '/api/user', '400'), accountBody)).toEqual([]);
  });

  it('leaves a valid request that asks for a failure alone', async () => {
    const response = await post('/login', { name: 'o', password: 'p', challenge: false }, { Prefer: 'code=400, example=badRequest' });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ message: 'Some of the values sent are not valid.' });
  });
});

describe('fieldProblems', () => {
  it('reads Prism’s violations of the request’s own values, and nothing else', () => {
    expect(
      fieldProblems([
        { location: ['request', 'body'], severity: 'Error', code: 'required', message: "Request body must have required property 'password'" },
        {
          location: ['request', 'body', 'data', 'email'],
          severity: 'Error',
          code: 'type',
          message: 'Request body property data.email must be string',
        },
        { location: ['request', 'query', 'page'], severity: 'Error', code: 'type', message: 'Request query parameter page must be integer' },
        { location: ['request'], severity: 'Error', code: 401, message: 'Invalid security scheme used' },
        { location: ['request', 'body', 'x'], severity: 'Warning', code: 'type', message: 'Request body property x must be string' },
      ]),
    ).toEqual(['password is required', 'data.email must be string', 'query parameter page must be integer']);
  });
});

describe('an example or status the call does not have', () => {
  it('is answered 400 with what is wrong and what the call can answer, not Prism’s 404', async () => {
    const response = await post('/login', { name: 'o', password: 'p', challenge: false }, { Prefer: 'example=wrongPasword' });
    expect(response.status).toBe(400);
    const { message } = (await response.json()) as { message: string };
    expect(message).toContain("The mock has no example 'wrongPasword' for POST /login");
    expect(message).toContain('200: administrator, basicUser, personalAdministrator, superUser, wrongPassword');
  });

  it('points to the status an example belongs to', async () => {
    const response = await fetch(new URL('/completed-forms?__example=noMessage', mockUrl()), { headers: signedIn });
    expect(response.status).toBe(400);
    expect(((await response.json()) as { message: string }).message).toContain(
      "'noMessage' is an example of status 400 and 500: ask for it with code=400, example=noMessage.",
    );
  });

  it('says when the status is not one the call answers', async () => {
    const response = await fetch(new URL('/completed-forms', mockUrl()), { headers: { ...signedIn, Prefer: 'code=418' } });
    expect(response.status).toBe(400);
    expect(((await response.json()) as { message: string }).message).toBe(
      'The mock has no 418 answer for GET /completed-forms. It answers 200: ok, empty; 400: badRequest, noMessage; 401: unauthorized; 429: tooMany; 500: serverError, noMessage.',
    );
  });

  it('parses Prism’s Prefer header', () => {
    expect(parsePrefer('code=500, example=noMessage')).toEqual({ code: '500', example: 'noMessage' });
    expect(parsePrefer('example="open"')).toEqual({ example: 'open' });
    expect(parsePrefer(undefined)).toEqual({});
  });
});

describe('the QA page, /__mock', () => {
  /** Submits the page's form as a browser does, and answers the cookie it sets. */
  async function choose(fields: Record<string, string>): Promise<string> {
    const response = await fetch(new URL('/__mock', mockUrl()), { method: 'POST', body: new URLSearchParams(fields), redirect: 'manual' });
    expect(response.status).toBe(303);
    const cookie = response.headers.get('set-cookie') ?? '';
    expect(cookie).toContain(`${qaCookieName}=`);
    return cookie.split(';')[0] ?? '';
  }

  it('shows every role and every call with its examples', async () => {
    const response = await fetch(new URL('/__mock', mockUrl()));
    expect(response.status).toBe(200);
    const page = await response.text();
    expect(page).toContain('Olivia Bennett, Northwind Care Ltd <span class="muted">(administrator; example <code>administrator</code>)');
    expect(page).toContain('Liam Carter, Northwind Care Ltd <span class="muted">(basic user; example <code>basicUser</code>)');
    expect(page).toContain('Sophie Turner, Turner Lettings <span class="muted">(administrator, personal; example');
    expect(page).toContain(
      'Noah Patel, formsign Operations <span class="muted">(administrator, super user, sub-administrator, front administrator; example',
    );
    expect(page).toContain('keeps no data');
    expect(page).toContain('<code>GET /completed-forms</code>');
    expect(page).toContain('<option value="code=500, example=noMessage">500: noMessage</option>');
  });

  it('makes the person who signs in the role chosen, and a call answer the example chosen, for that session only', async () => {
    const cookie = await choose({ role: 'basicUser', 'answer:GET /completed-forms': 'code=200, example=empty' });
    const login = { name: 'anyone', password: 'anything', challenge: false };
    expect(((await (await post('/login', login, { Cookie: cookie })).json()) as { username: string }).username).toBe('Liam Carter');
    expect(((await (await post('/login', login)).json()) as { username: string }).username).toBe('Olivia Bennett');

    const forms = await fetch(new URL('/completed-forms', mockUrl()), { headers: { ...signedIn, Cookie: `XSRF-TOKEN=qa; ${cookie}` } });
    expect(((await forms.json()) as { total: number }).total).toBe(0);
    // A request that asks for an outcome itself still gets it.
    const asked = await fetch(new URL('/completed-forms', mockUrl()), {
      headers: { ...signedIn, Cookie: `XSRF-TOKEN=qa; ${cookie}`, Prefer: 'example=ok' },
    });
    expect(((await asked.json()) as { total: number }).total).toBeGreaterThan(0);

    const page = await (await fetch(new URL('/__mock?saved', mockUrl()), { headers: { Cookie: cookie } })).text();
    expect(page).toContain('Saved for this session. You sign in as Liam Carter');
    expect(page).toContain('<option value="code=200, example=empty" selected>');
  });

  it('keeps only choices the contract has, and forgets everything on reset', async () => {
    const cookie = await choose({
      role: 'nobody',
      'answer:GET /workflow': 'code=200, example=nope',
      'answer:GET /fetch-logs': 'code=500, example=noMessage',
    });
    expect(readChoices(cookie)).toEqual({ answers: { 'GET /fetch-logs': 'code=500, example=noMessage' } });
    const reset = await fetch(new URL('/__mock', mockUrl()), { method: 'POST', body: new URLSearchParams({ reset: '1' }), redirect: 'manual' });
    expect(reset.headers.get('set-cookie')).toMatch(new RegExp(`^${qaCookieName}=; Path=/; Max-Age=0`));
  });

  it('applies a chosen answer before the role, and only to its own call', () => {
    const choices = { role: 'superUser', answers: { 'POST /login': 'code=200, example=blocked' } };
    expect(chosenPrefer(choices, 'POST', '/login')).toBe('code=200, example=blocked');
    expect(chosenPrefer({ role: 'superUser', answers: {} }, 'post', '/login')).toBe('example=superUser');
    expect(chosenPrefer(choices, 'GET', '/workflow')).toBeUndefined();
    expect(readChoices('other=1; formsign-mock=%7Bbroken')).toEqual({ answers: {} });
  });
});
