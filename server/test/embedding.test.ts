/**
 * Embedding signing pages in an organisation's own site: the sites it allows (its settings'
 * `embed_origins`) are checked when saved, kept as origins, and make the `frame-ancestors` of
 * its signing links' pages, which no site may frame by default; a bad or unknown link is
 * framed by nobody. The signing form's answer names the allowed sites, so the page posts its
 * events only to one of them.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { signingPageHead } from '../src/modules/forms/signing-page.js';
import { sendSigningForm, signingCall, signingTemplate, type SigningLink } from './support/signing-forms.js';
import { useTestServer } from './support/test-server.js';

const server = useTestServer();

let admin = '';
let link: SigningLink;

beforeAll(async () => {
  admin = (await server.signIn('demo.admin')).token;
  const template = await signingTemplate(
    server,
    [{ name: 'answer', label: 'Answer', type: 'text', required: false }],
    [{ label: 'Signer', action: 'sign' }],
  );
  const sent = await sendSigningForm(server, admin, { template, recipients: [{ name: 'Embed Signer', email: `embed-${Date.now()}@mail.example` }] });
  const [first] = sent.links;
  if (!first) throw new Error('No link.');
  link = first;
});

const saveSites = (sites: unknown) => server.call('/user', { token: admin, body: { data: { settings: { embed_origins: sites } } } });
const framing = async (pageId: string, token: string) => (await signingPageHead(server.ctx, pageId, token)).frameAncestors;

describe('the sites that may embed signing pages', () => {
  it('are none by default: a signing link is framed by nobody, and its page names no site', async () => {
    expect((await server.call('/fetch-settings', { method: 'GET', token: admin })).body).toMatchObject({ embed_origins: [] });
    expect(await framing(link.pageId, link.token)).toBe("'none'");
    const opened = await signingCall(server, { function: 'load', id: link.pageId, token: link.token });
    expect(opened.body.data).toMatchObject({ embed_origins: [] });
  });

  it('are kept as origins, and frame the company’s signing links; a wrong token or an unknown link is framed by nobody', async () => {
    const saved = await saveSites([
      'https://WWW.Example.com/',
      'https://portal.example.org:8443',
      'http://localhost:3000',
      '',
      'https://www.example.com',
    ]);
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const sites = ['https://www.example.com', 'https://portal.example.org:8443', 'http://localhost:3000'];
    expect(saved.body.settings).toMatchObject({ embed_origins: sites });
    expect(await framing(link.pageId, link.token)).toBe(sites.join(' '));
    const opened = await signingCall(server, { function: 'load', id: link.pageId, token: link.token });
    expect(opened.body.data).toMatchObject({ embed_origins: sites });
    expect(await framing(link.pageId, `${link.token.slice(0, -2)}xx`)).toBe("'none'");
    expect(await framing(link.pageId, '')).toBe("'none'");
    expect(await framing('no-such-page', link.token)).toBe("'none'");

    // An empty list turns embedding off again.
    expect((await saveSites([])).body.settings).toMatchObject({ embed_origins: [] });
    expect(await framing(link.pageId, link.token)).toBe("'none'");
  });

  it('refuse what is not a site’s address, in words that name it, and keep the list saved before', async () => {
    await saveSites(['https://kept.example']);
    const refusals: [unknown, string][] = [
      [['https://www.example.com/forms'], '“https://www.example.com/forms” is not a site’s address.'],
      [['https://*.example.com'], 'wildcards are not accepted'],
      [['http://www.example.com'], 'only https sites may embed signing pages'],
      [["https://a.example 'unsafe-inline'"], 'is not a site’s address'],
      [['https://user:pw@www.example.com'], 'is not a site’s address'],
      [['https://www.example.com:99999'], 'has a port that does not exist'],
      [['javascript:alert(1)'], 'is not a site’s address'],
    ];
    for (const [sites, text] of refusals) {
      const refused = await saveSites(sites);
      expect(refused.status, JSON.stringify(sites)).toBe(400);
      expect(JSON.stringify(refused.body), JSON.stringify(sites)).toContain(text);
    }
    // More than 20 is refused by the contract before the rules run.
    const many = Array.from({ length: 21 }, (_, index) => `https://site${index}.example`);
    expect((await saveSites(many)).status).toBe(400);
    expect((await server.call('/fetch-settings', { method: 'GET', token: admin })).body).toMatchObject({ embed_origins: ['https://kept.example'] });
  });
});
