/**
 * Checking a PDF (`POST /verify`, no account): a sealed document is recognised as sealed and
 * unchanged, with its form and signers; one changed byte makes it "changed" with no form; a
 * document with content added after sealing is "changed" and still named; an unsigned PDF and
 * one signed by another certificate are "foreign"; a file that is not a PDF, or too large, is
 * refused in the product's words. The signer's page offers the sealed copy once it exists.
 */
import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { P12Signer, PDF } from '@libpdf/core';
import { describe, expect, it } from 'vitest';
import { forms } from '../src/db/schema.js';
import { makeInstanceCertificates } from '../src/sealing/certificates.js';
import { verificationTexts } from '../src/sealing/verify.js';
import { completedRiskAssessment } from './support/completed-form.js';
import { useTestServer } from './support/test-server.js';

const server = useTestServer();

/** Sends a file to `POST /verify` as a browser's form would. */
async function verify(bytes: Uint8Array, name = 'document.pdf') {
  const form = new FormData();
  form.set('file', new Blob([bytes], { type: 'application/pdf' }), name);
  const request = new Request('http://localhost/', { method: 'POST', body: form });
  return server.call('/verify', {
    payload: Buffer.from(await request.arrayBuffer()),
    contentType: request.headers.get('content-type') ?? '',
    ip: '203.0.113.40',
  });
}

async function sealedDocument(): Promise<{ bytes: Buffer; sha256: string; reference: string }> {
  const { id } = await completedRiskAssessment(server);
  const [form] = await server.ctx.db.select().from(forms).where(eq(forms.id, id));
  const bytes = (await server.ctx.files.get(form?.sealedKey ?? '')) as Buffer;
  return { bytes, sha256: form?.sealedSha256 ?? '', reference: form?.reference ?? '' };
}

async function onePagePdf(): Promise<PDF> {
  const pdf = PDF.create();
  pdf.addPage({ size: 'a4' }).drawText('A letter from elsewhere', { x: 72, y: 720, size: 14 });
  return pdf;
}

describe('checking a document', () => {
  it('knows a document it sealed, unchanged: its form, organisation and signers', async () => {
    const sealed = await sealedDocument();
    const answer = await verify(sealed.bytes, `Risk Assessment ${sealed.reference}.pdf`);
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({
      verdict: 'sealed',
      message: verificationTexts.sealed.message,
      sealed_by: 'formsign document sealing',
      form: {
        reference: sealed.reference,
        title: 'Risk Assessment - Zoë Ashford',
        organisation: 'Northwind Care Ltd',
        sha256: sealed.sha256,
        signers: [{ name: 'Zoë Ashford', action: 'signed' }],
      },
    });
    expect(answer.body.form.sealed_at).toMatch(/^\d{4}-\d\d-\d\dT/);
    expect(answer.body.form.signers[0].acted_at).toMatch(/^\d{4}-\d\d-\d\dT/);
  });

  it('tells a changed byte: its seal is ours, the document is not one it sealed', async () => {
    const { bytes } = await sealedDocument();
    const changed = Buffer.from(bytes);
    const at = changed.indexOf('Risk Assessment');
    changed[at] = 'r'.charCodeAt(0);
    expect((await verify(changed)).body).toEqual({
      verdict: 'changed',
      message: verificationTexts.changed.message,
      sealed_by: 'formsign document sealing',
      form: null,
    });
  });

  it('names the form of a sealed document that had content added after sealing', async () => {
    const sealed = await sealedDocument();
    // An incremental update (a reader's annotation, say): the sealed bytes, then more.
    const added = await PDF.load(sealed.bytes);
    added.getPages()[0]?.drawText('Approved by someone else', { x: 72, y: 72, size: 10 });
    const updated = Buffer.from(await added.save({ incremental: true }));
    expect(updated.subarray(0, sealed.bytes.length).equals(sealed.bytes)).toBe(true);
    const answer = await verify(updated);
    expect(answer.body).toMatchObject({
      verdict: 'changed',
      message: verificationTexts.addedTo.message,
      form: { reference: sealed.reference, sha256: sealed.sha256 },
    });
  });

  it('calls foreign an unsigned PDF and one sealed with another certificate', async () => {
    const plain = await (await onePagePdf()).save();
    expect((await verify(plain)).body).toEqual({ verdict: 'foreign', message: verificationTexts.foreign.message, sealed_by: null, form: null });

    const elsewhere = makeInstanceCertificates('Elsewhere Ltd');
    const signed = await (
      await onePagePdf()
    ).sign({ signer: await P12Signer.create(elsewhere.p12, elsewhere.password), subFilter: 'ETSI.CAdES.detached' });
    expect((await verify(signed.bytes)).body).toMatchObject({ verdict: 'foreign', form: null });
  });

  it('refuses a file that is not a PDF, or one too large, in words a person reads', async () => {
    const text = await verify(Buffer.from('Dear Sir or Madam,\nplease find attached…'), 'letter.txt');
    expect(text.status).toBe(400);
    expect(text.body).toEqual({ message: verificationTexts.notPdf.message });

    const large = Buffer.alloc(25 * 1024 * 1024 + 10, 0x20);
    large.write('%PDF-1.7\n', 0);
    const tooLarge = await verify(large);
    expect(tooLarge.status).toBe(400);
    expect(tooLarge.body).toEqual({ message: verificationTexts.tooLarge.message });
  });

  it('gives the signer the sealed copy on their page once the form is complete', async () => {
    const { id, pageId, token } = await completedRiskAssessment(server);
    const loaded = await server.call('/websigning', { body: { function: 'load', id: pageId, token } });
    expect(loaded.body.data).toMatchObject({ status: 'completed' });
    const download = await server.app.inject({ method: 'GET', url: loaded.body.data.pdf });
    expect(download.statusCode).toBe(200);
    const [form] = await server.ctx.db.select({ sha: forms.sealedSha256 }).from(forms).where(eq(forms.id, id));
    expect(createHash('sha256').update(download.rawPayload).digest('hex')).toBe(form?.sha);
  });
});
