/**
 * Retention: the company's `retention_days` after a form ended (completed, withdrawn, expired),
 * the daily job removes its answers, its attached files and its sealed PDF from the store; the
 * form stays listed with its reference and dates, and `/verify` still knows its sealed PDF. A
 * setting of 0 keeps everything, and each organisation's own setting counts.
 */
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { auditEvents, documents, forms } from '../src/db/schema.js';
import type { memoryFileStore } from '../src/files/file-store.js';
import { createOrganisation, organisationPassword } from './support/form-rows.js';
import { drawn, sendSigningForm, signingCall, signingTemplate } from './support/signing-forms.js';
import { useTestServer } from './support/test-server.js';

const server = useTestServer();
const day = 24 * 60 * 60_000;

const fields = [
  { name: 'proof', label: 'Proof of address', type: 'file' as const, required: false },
  { name: 'signature', label: 'Signature', type: 'signature' as const, required: true },
];

const templates = new Map<string, number>();

beforeAll(async () => {
  for (const [name, prefix, days] of [
    ['Thirty Days Ltd', 'thirty', 30],
    ['For Ever Ltd', 'forever', 0],
    ['Sixty Days Ltd', 'sixty', 60],
  ] as const) {
    await createOrganisation(server.ctx.db, server.ctx.passwords, name, prefix, { retention_days: days });
    templates.set(prefix, await signingTemplate(server, fields, [{ label: 'Signer', action: 'sign' }], { company: name }));
  }
});

const token = async (prefix: string): Promise<string> => (await server.signIn(`${prefix}.admin`, organisationPassword)).token;

const storeKeys = (): string[] => (server.ctx.files as ReturnType<typeof memoryFileStore>).keys();

/** A form of the organisation signed with a file attached, and sealed; its sealed PDF's bytes. */
async function completed(prefix: string): Promise<{ id: number; sealed: Buffer; keys: string[] }> {
  const form = await sendSigningForm(server, await token(prefix), {
    template: templates.get(prefix),
    recipients: [{ name: 'Kit Keeper', email: `kit.${prefix}@retention.example` }],
  });
  const [link] = form.links;
  if (!link) throw new Error('No link.');
  const proof = `data:application/pdf;name=Bill.pdf;base64,${Buffer.alloc(2_000, form.id % 200).toString('base64')}`;
  const signed = await signingCall(server, {
    function: 'submit',
    consent: true,
    id: link.pageId,
    token: link.token,
    values: { proof },
    signature: { kind: 'drawn', value: drawn },
  });
  expect(signed.body.data).toMatchObject({ completed: true });
  await server.flushJobs();
  const [row] = await server.ctx.db.select().from(forms).where(eq(forms.id, form.id));
  const [attached] = await server.ctx.db.select().from(documents).where(eq(documents.formId, form.id));
  if (!row?.sealedKey || !attached) throw new Error('The form was not sealed with its file.');
  const sealed = await server.ctx.files.get(row.sealedKey);
  if (!sealed) throw new Error('No sealed PDF.');
  return { id: form.id, sealed, keys: [row.sealedKey, attached.fileKey] };
}

async function verify(bytes: Uint8Array) {
  const body = new FormData();
  body.set('file', new Blob([bytes], { type: 'application/pdf' }), 'document.pdf');
  const request = new Request('http://localhost/', { method: 'POST', body });
  return server.call('/verify', { payload: Buffer.from(await request.arrayBuffer()), contentType: request.headers.get('content-type') ?? '' });
}

const formRow = async (id: number) => (await server.ctx.db.select().from(forms).where(eq(forms.id, id)))[0];

describe('retention', () => {
  it("removes an ended form's answers and files after the company's days, and /verify still knows its sealed PDF", async () => {
    const thirty = await completed('thirty');
    const forEver = await completed('forever');
    const sixty = await completed('sixty');
    const withdrawn = await sendSigningForm(server, await token('thirty'), {
      template: templates.get('thirty'),
      recipients: [{ name: 'Wyn Withdrawn', email: 'wyn@retention.example' }],
    });
    expect((await server.call('/form-progress', { token: await token('thirty'), body: { id: withdrawn.id, action: 'withdraw' } })).body.code).toBe(1);

    server.clock.advance(29 * day);
    await server.runJob('apply-retention');
    expect((await formRow(thirty.id))?.dataRemovedAt, 'kept for thirty days').toBeNull();

    server.clock.advance(2 * day);
    const settings = await server.call('/fetch-settings', { method: 'GET', token: await token('thirty') });
    expect(settings.body.next_removal).toMatchObject({ forms: 2, exact: true });
    expect((await server.call('/fetch-settings', { method: 'GET', token: await token('forever') })).body.next_removal).toBeNull();

    await server.runJob('apply-retention');
    const removed = await formRow(thirty.id);
    expect(removed).toMatchObject({ values: {}, sealedKey: null, sealedSha256: expect.any(String) });
    expect(removed?.dataRemovedAt).toBeInstanceOf(Date);
    expect((await formRow(withdrawn.id))?.dataRemovedAt).toBeInstanceOf(Date);
    expect(await server.ctx.db.select().from(documents).where(eq(documents.formId, thirty.id))).toEqual([]);
    for (const key of thirty.keys) expect(storeKeys(), 'the file is gone from the store').not.toContain(key);

    const checked = await verify(thirty.sealed);
    expect(checked.body).toMatchObject({ verdict: 'sealed', form: { reference: removed?.reference, signers: [{ name: 'Kit Keeper' }] } });

    const listed = await server.call('/completed-forms', { method: 'GET', token: await token('thirty'), query: 'page=1&limit=25' });
    expect(listed.body.data).toContainEqual(
      expect.objectContaining({ id: thirty.id, reference: removed?.reference, pdf: '', data_removed_at: removed?.dataRemovedAt?.toISOString() }),
    );

    const saved = await server.call('/manage-storage', {
      method: 'GET',
      token: await token('thirty'),
      query: `stored=Care&data[action]=save&data[form]=${thirty.id}`,
    });
    expect(JSON.stringify(saved.body)).toContain("were removed after your company's retention period");

    const trail = await server.ctx.db.select().from(auditEvents).where(eq(auditEvents.formId, thirty.id));
    expect(trail.filter((event) => event.event === 'data-removed')).toEqual([
      expect.objectContaining({ source: 'system', details: { days: 30, files: 2 } }),
    ]);
    expect(trail.filter((event) => event.event === 'signed')).toEqual([expect.objectContaining({ ip: '', details: {} })]);

    // 0 keeps everything; another organisation's sixty days are not up.
    for (const kept of [forEver, sixty]) {
      expect(await formRow(kept.id)).toMatchObject({ dataRemovedAt: null, sealedKey: kept.keys[0] });
      for (const key of kept.keys) expect(storeKeys()).toContain(key);
    }

    // A second run removes nothing again.
    await server.runJob('apply-retention');
    const again = await server.ctx.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.formId, thirty.id), eq(auditEvents.event, 'data-removed')));
    expect(again).toHaveLength(1);
  }, 90_000);

  it('refuses a number of days under 30 other than 0', async () => {
    const answer = await server.call('/user', { token: await token('sixty'), body: { data: { settings: { retention_days: 10 } } } });
    expect(answer.body).toMatchObject({ error: 'Keep ended forms for 30 days or more, or enter 0 to keep them for ever.' });
  });
});
