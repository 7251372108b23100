/**
 * Embedding a signing link in another site, against the real server: a second origin (a page
 * served here, at 127.0.0.1 on a port of its own) loads `/embed.js` and puts the link in a
 * `<formsign-signing>` element. Allowed in Settings, the site shows the form in its frame,
 * without the app's chrome, and hears what happens (loaded, a field changed, signed,
 * completed); the list emptied, the browser refuses to frame the page at all.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test, type Page } from '@playwright/test';
import { linkIn, mailTo, makeTemplate, signIn } from './support.ts';

let site: Server;
let siteOrigin = '';
let signingLink = '';

test.beforeAll(async () => {
  site = createServer((request, response) => {
    const page = `<!doctype html><html lang="en"><title>A partner's site</title>
<h1>A partner's site</h1>
<formsign-signing link="${signingLink}"></formsign-signing>
<ol id="events" aria-label="Events"></ol>
<script src="${new URL(signingLink).origin}/embed.js"></script>
<script>
  for (const name of ['loaded', 'field-changed', 'signed', 'declined', 'completed'])
    document.addEventListener('formsign:' + name, (event) => {
      const item = document.createElement('li');
      item.textContent = event.type + (event.detail.fieldId ? ' ' + event.detail.fieldId : '');
      document.getElementById('events').append(item);
    });
</script>`;
    response.writeHead(request.url === '/' ? 200 : 404, { 'Content-Type': 'text/html; charset=utf-8' }).end(request.url === '/' ? page : '');
  });
  await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', resolve));
  siteOrigin = `http://127.0.0.1:${(site.address() as AddressInfo).port}`;
});

test.afterAll(async () => {
  await new Promise((resolve) => site.close(resolve));
});

async function allowSites(page: Page, sites: string): Promise<void> {
  await page.goto('/settings');
  await page.getByLabel('Sites that may embed signing pages').fill(sites);
  await page.getByRole('button', { name: 'Save settings' }).click();
  await expect(page.getByText('Your settings have been saved.')).toBeVisible();
}

test('a site the organisation allows embeds a signing link and hears it signed; once removed, the browser refuses the frame', async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const title = `Embedded Consent ${Date.now()}`;
  const email = `embed.${Date.now()}@mail.example`;
  await signIn(page, 'demo.admin');
  await makeTemplate(
    page,
    title,
    [
      { label: 'Your town', required: true },
      { label: 'Signature', type: 'signature' },
    ],
    'Signer',
  );
  await page.goto(`/listing?search=${encodeURIComponent(title)}`);
  await page.getByRole('link', { name: `Send ${title}` }).click();
  await page.getByLabel('Name', { exact: true }).fill('Embedded Signer');
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByRole('button', { name: 'Send the form' }).click();
  await expect(page.getByRole('heading', { name: /^Sent: / })).toBeVisible();
  signingLink = new URL(linkIn(await mailTo(email)), baseURL).href;

  // Allowed: the form shows in the partner's page, and the page hears what happens.
  await allowSites(page, `https://www.northwindcare.example\n${siteOrigin}`);
  const partner = await browser.newPage();
  await partner.goto(`${siteOrigin}/`);
  const events = partner.getByRole('list', { name: 'Events' });
  const frame = partner.frameLocator('formsign-signing iframe');
  await expect(frame.getByRole('heading', { name: title })).toBeVisible();
  await expect(events).toContainText('formsign:loaded');
  // The app's own chrome steps aside in a frame.
  await expect(frame.getByText('formsign', { exact: true })).toBeHidden();
  await frame.getByRole('textbox', { name: 'Your town', exact: true }).fill('Bristol');
  await expect(events).toContainText(/formsign:field-changed \S+/);
  await expect(events).not.toContainText('Bristol');
  await frame.getByLabel('Your full name, as your signature').fill('Embedded Signer');
  await frame.getByRole('button', { name: 'Finish', exact: true }).click();
  await frame.getByLabel('By signing, I agree that my electronic signature is legally binding').check();
  await frame.getByRole('button', { name: 'Sign and send' }).click();
  await expect(frame.getByRole('heading', { name: /^Thank you/ })).toBeVisible();
  await expect(events).toContainText('formsign:signed');
  await expect(events).toContainText('formsign:completed');
  // The frame follows the page's height (it starts at 640 px).
  await expect
    .poll(() => partner.locator('formsign-signing iframe').evaluate((element: HTMLIFrameElement) => element.style.height))
    .not.toBe('640px');

  // Removed from the list: the browser refuses to show the page in the partner's site.
  await allowSites(page, 'https://www.northwindcare.example');
  const policy = (await partner.request.get(signingLink)).headers()['content-security-policy'];
  expect(policy).toContain('frame-ancestors https://www.northwindcare.example');
  expect(policy).not.toContain(siteOrigin);
  await partner.reload();
  // Chromium puts its error page in place of a frame its policy refuses.
  await expect.poll(() => partner.frames().map((child) => child.url())).toContain('chrome-error://chromewebdata/');
  await expect(frame.getByRole('heading', { name: title })).toBeHidden();
  await expect(events).toBeEmpty();
  await partner.close();
});
