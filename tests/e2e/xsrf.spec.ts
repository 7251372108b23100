import { expect, loginBody, signIn, test } from './fixtures.ts';

test.describe('the XSRF cookie and header pair', () => {
  test('the page sets the XSRF-TOKEN cookie and signed-in changes echo it in X-XSRF-TOKEN', async ({ page, context }) => {
    await signIn(page, 'administrator');
    const request = page.waitForRequest((candidate) => candidate.method() === 'POST' && new URL(candidate.url()).pathname === '/api/get-templates');
    await page.goto('/completed');
    const cookie = (await context.cookies()).find((candidate) => candidate.name === 'XSRF-TOKEN');
    expect(cookie?.value).toMatch(/^[\w-]{20,}$/);
    const sent = await request;
    expect(sent.headers()['x-xsrf-token']).toBe(cookie?.value);
    expect(sent.headers().authorization).toBe(`Bearer ${loginBody('administrator').token}`);
  });

  test('the server refuses a signed-in change whose header does not match the cookie', async ({ page, context }) => {
    await page.goto('/login');
    const cookie = (await context.cookies()).find((candidate) => candidate.name === 'XSRF-TOKEN');
    const headers = { authorization: `Bearer ${loginBody('administrator').token}`, 'content-type': 'application/json' };
    const refused = await page.request.post('/api/get-tenant', { headers: { ...headers, 'x-xsrf-token': 'forged' }, data: { id: 6001 } });
    expect(refused.status()).toBe(403);
    expect(await refused.json()).toEqual({ message: 'The request could not be verified. Please reload the page and try again.' });
    const accepted = await page.request.post('/api/get-tenant', { headers: { ...headers, 'x-xsrf-token': cookie?.value ?? '' }, data: { id: 6001 } });
    expect(accepted.status()).toBe(200);
  });
});
