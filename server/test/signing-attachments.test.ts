/**
 * Files a signer attaches are kept once: a draft saved again with the same file stores
 * nothing new, a file replaced or removed goes, every file counts against the organisation's
 * storage quota (a file past it is refused in plain words), and saving a draft is limited per
 * link and per address.
 */
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { documents, formRecipients, storedFiles } from '../src/db/schema.js';
import type { memoryFileStore } from '../src/files/file-store.js';
import { defaultRateLimits } from '../src/http/rate-limits.js';
import { storageQuota } from '../src/modules/storage/document-storage.js';
import { createOrganisation, organisationPassword } from './support/form-rows.js';
import { drawn, sendSigningForm, signingCall, signingTemplate, type SigningLink } from './support/signing-forms.js';
import { useTestServer } from './support/test-server.js';

const perAddress = 5;
const server = useTestServer({ rateLimits: { webSigning: { ...(defaultRateLimits.webSigning ?? { max: 0, timeWindow: 0 }), max: perAddress } } });

const fields = [
  { name: 'note', label: 'Note', type: 'text' as const, required: false },
  { name: 'proof', label: 'Proof of address', type: 'file' as const, required: false },
  { name: 'signature', label: 'Signature', type: 'signature' as const, required: true },
];

let admin = '';
let template = 0;
let addresses = 0;

/** A new address for each request, so that the per-address limit is not what a test meets. */
const nextIp = (): string => {
  addresses += 1;
  return `198.51.${Math.floor(addresses / 250)}.${(addresses % 250) + 1}`;
};

function file(name: string, bytes: number, fill: number): string {
  return `data:application/pdf;name=${encodeURIComponent(name)};base64,${Buffer.alloc(bytes, fill).toString('base64')}`;
}

const storeKeys = (formId: number): string[] =>
  (server.ctx.files as ReturnType<typeof memoryFileStore>).keys().filter((key) => key.startsWith(`forms/${formId}/documents/`));
const documentsOf = (formId: number) => server.ctx.db.select().from(documents).where(eq(documents.formId, formId));

async function used(token = admin): Promise<number> {
  const answer = await server.call('/manage-storage', { method: 'GET', token });
  expect(answer.status).toBe(200);
  return answer.body.save.used as number;
}

async function newForm(email: string, token = admin, templateId = template): Promise<{ id: number; link: SigningLink }> {
  const form = await sendSigningForm(server, token, { template: templateId, recipients: [{ name: 'Ann Signer', email }] });
  const [link] = form.links;
  if (!link) throw new Error('No link.');
  return { id: form.id, link };
}

const save = (link: SigningLink, values: Record<string, unknown>, ip = nextIp()) =>
  signingCall(server, { function: 'save', id: link.pageId, token: link.token, values }, { ip });

beforeAll(async () => {
  admin = (await server.signIn('demo.admin')).token;
  template = await signingTemplate(server, fields, [{ label: 'Signer', action: 'sign' }]);
});

describe('a file attached to a draft', () => {
  it('is kept once however often the draft is saved with it, and counts as storage used', async () => {
    const form = await newForm('ann.once@mail.example');
    const before = await used();
    const proof = file('Council tax bill.pdf', 600_000, 7);
    for (let i = 0; i < 15; i += 1) expect((await save(form.link, { note: `save ${i}`, proof })).body.error).toBe('');
    expect(await documentsOf(form.id)).toEqual([expect.objectContaining({ field: 'proof', name: 'Council tax bill.pdf', size: 600_000 })]);
    expect(storeKeys(form.id)).toHaveLength(1);
    expect(await used()).toBe(before + 600_000);

    // Submitted with the draft's file, as the app sends it: still one file.
    const signed = await signingCall(server, {
      function: 'submit',
      consent: true,
      id: form.link.pageId,
      token: form.link.token,
      values: { note: 'done', proof: 'Council tax bill.pdf' },
      signature: { kind: 'drawn', value: drawn },
    });
    expect(signed.body.data).toMatchObject({ status: 'signed' });
    expect(await documentsOf(form.id)).toHaveLength(1);
    expect(storeKeys(form.id)).toHaveLength(1);
  });

  it('replaced by another file or removed, takes its bytes with it', async () => {
    const form = await newForm('ann.replace@mail.example');
    const before = await used();
    expect((await save(form.link, { proof: file('Old bill.pdf', 300_000, 1) })).body.error).toBe('');
    expect((await save(form.link, { proof: file('New bill.pdf', 200_000, 2) })).body.error).toBe('');
    expect((await documentsOf(form.id)).map((row) => [row.name, row.size])).toEqual([['New bill.pdf', 200_000]]);
    expect(storeKeys(form.id)).toHaveLength(1);
    expect(await used()).toBe(before + 200_000);
    expect((await save(form.link, { proof: null })).body.error).toBe('');
    expect(await documentsOf(form.id)).toEqual([]);
    expect(storeKeys(form.id)).toEqual([]);
    expect(await used()).toBe(before);
  });
});

describe('the storage quota', () => {
  it('refuses a file that would pass it, in plain words, and keeps nothing', async () => {
    const { companyId } = await createOrganisation(server.ctx.db, server.ctx.passwords, 'Full Shelves Ltd', 'full');
    const token = (await server.signIn('full.admin', organisationPassword)).token;
    const theirs = await signingTemplate(server, fields, [{ label: 'Signer', action: 'sign' }], { company: 'Full Shelves Ltd' });
    // The quota, less 100 KB, in three stored files (a row holds at most 2 GiB).
    const third = Math.floor((storageQuota - 100_000) / 3);
    const rest = storageQuota - 100_000 - 2 * third;
    await server.ctx.db.insert(storedFiles).values(
      [third, third, rest].map((size, i) => ({
        companyId,
        name: `Archive ${i}.zip`,
        mime: 'application/zip',
        size,
        fileKey: `storage/full/${i}.zip`,
      })),
    );
    const form = await newForm('ann.full@mail.example', token, theirs);
    const refusal = 'This file cannot be kept: the organisation that sent this form has no storage space left. Please tell them.';
    expect((await save(form.link, { note: 'mine', proof: file('Scan.pdf', 150_000, 3) })).body).toEqual({ data: null, error: refusal });
    const submitted = await signingCall(server, {
      function: 'submit',
      consent: true,
      id: form.link.pageId,
      token: form.link.token,
      values: { note: 'mine', proof: file('Scan.pdf', 150_000, 3) },
      signature: { kind: 'drawn', value: drawn },
    });
    expect(submitted.body).toEqual({ data: null, error: refusal });
    expect(await documentsOf(form.id)).toEqual([]);
    expect(storeKeys(form.id)).toEqual([]);
    const [place] = await server.ctx.db.select().from(formRecipients).where(eq(formRecipients.formId, form.id));
    expect(place).toMatchObject({ status: 'open', draft: null });
    // A smaller file still fits.
    expect((await save(form.link, { proof: file('Small scan.pdf', 50_000, 4) })).body.error).toBe('');
    expect(await used(token)).toBe(storageQuota - 50_000);
  });
});

describe('saving a draft', () => {
  it('is limited to 20 times an hour for one link (429, with when to try again); sending still works', async () => {
    const form = await newForm('ann.saves@mail.example');
    for (let i = 0; i < 20; i += 1) expect((await save(form.link, { note: `save ${i}` })).status).toBe(200);
    const refused = await save(form.link, { note: 'one more' });
    expect(refused.status).toBe(429);
    expect(refused.body).toEqual({
      data: null,
      error: expect.stringMatching(
        /^This form has been saved 20 times in the last hour\. Please wait \d+ minutes? before saving it again, or send it when it is ready\.$/,
      ),
    });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(3600);
    const [place] = await server.ctx.db.select().from(formRecipients).where(eq(formRecipients.formId, form.id));
    expect(place?.draft).toMatchObject({ note: 'save 19' });
    const signed = await signingCall(server, {
      function: 'submit',
      consent: true,
      id: form.link.pageId,
      token: form.link.token,
      values: { note: 'final' },
      signature: { kind: 'drawn', value: drawn },
    });
    expect(signed.body.data).toMatchObject({ status: 'signed' });
  });

  it('is limited per address across links; opening and sending are not counted', async () => {
    const ip = '203.0.113.77';
    const forms = await Promise.all(['ann.ip1@mail.example', 'ann.ip2@mail.example'].map((email) => newForm(email)));
    for (let i = 0; i < perAddress; i += 1) {
      const form = forms[i % 2];
      if (!form) throw new Error('No form.');
      expect((await signingCall(server, { function: 'load', id: form.link.pageId, token: form.link.token }, { ip })).status).toBe(200);
      expect((await save(form.link, { note: `save ${i}` }, ip)).status).toBe(200);
    }
    const refused = await save(forms[0]?.link as SigningLink, { note: 'too many' }, ip);
    expect(refused).toMatchObject({ status: 429, body: { data: null, error: 'Too many requests. Please wait a minute and try again.' } });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect((await signingCall(server, { function: 'load', id: forms[0]?.link.pageId, token: forms[0]?.link.token }, { ip })).status).toBe(200);
    const form = forms[1] as { link: SigningLink; id: number };
    const signed = await signingCall(
      server,
      {
        function: 'submit',
        consent: true,
        id: form.link.pageId,
        token: form.link.token,
        values: { note: 'final' },
        signature: { kind: 'drawn', value: drawn },
      },
      { ip },
    );
    expect(signed.body.data).toMatchObject({ status: 'signed' });
  });
});
