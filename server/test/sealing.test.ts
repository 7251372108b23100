/**
 * Documents really signed: a completed form's sealed PDF passes poppler's `pdfsig`, one changed
 * byte makes it fail, its text holds every answer, signer and audit event, and the recorded
 * checksums match the file. A form is sealed once, however many times the seal runs.
 */
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { and, eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { auditEvents, forms } from '../src/db/schema.js';
import { formSeals } from '../src/modules/forms/seal-input.js';
import { sealForm } from '../src/sealing/seal.js';
import { completedRiskAssessment } from './support/completed-form.js';
import { useTestServer, type Json } from './support/test-server.js';

const server = useTestServer();
const folder = mkdtempSync(join(tmpdir(), 'formsign-seal-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

function pdfsig(bytes: Uint8Array, name: string): string {
  const file = join(folder, name);
  writeFileSync(file, bytes);
  // pdfsig exits 0 even when a signature is broken: its words say.
  return execFileSync('pdfsig', [file], { encoding: 'utf8' });
}

function pdftotext(bytes: Uint8Array): string {
  const file = join(folder, 'text.pdf');
  writeFileSync(file, bytes);
  return execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
}

/** A Risk Assessment sent to one person and signed by them through the mailed link. */
async function completedForm(): Promise<number> {
  return (await completedRiskAssessment(server)).id;
}

describe('a completed form', () => {
  it('is sealed: a valid PAdES signature, every answer, signer and event in its text, checksums that match', async () => {
    const id = await completedForm();
    const [form] = await server.ctx.db.select().from(forms).where(eq(forms.id, id));
    expect(form?.sealedKey).toMatch(/^forms\/\d+\/sealed-[0-9a-f]{16}\.pdf$/);
    const bytes = (await server.ctx.files.get(form?.sealedKey ?? '')) as Buffer;
    expect(createHash('sha256').update(bytes).digest('hex')).toBe(form?.sealedSha256);

    const check = pdfsig(bytes, 'sealed.pdf');
    expect(check).toContain('Signature Type: ETSI.CAdES.detached');
    expect(check).toContain('Signature Validation: Signature is Valid.');
    expect(check).toContain('Total document signed');
    expect(check).toContain('Signer Certificate Common Name: formsign document sealing');

    const text = pdftotext(bytes);
    for (const answer of ['Wet floor by the kitchen', 'Elm Court', 'Likely', '12']) expect(text).toContain(answer);
    expect(text).toContain('Certificate of completion');
    expect(text).toContain(`Check this document at ${server.ctx.config.publicUrl}/verify`);
    expect(text).toContain('Zoë Ashford <zoe.ashford@mail.example>');
    expect(text).toContain('From address 198.51.100.23');
    expect(text).toContain(`SHA-256 of the document's pages: ${form?.originalSha256}`);
    expect(text).toContain('Audit trail');
    // Each event at its minute in the company's time zone (London's, GMT or summer time).
    for (const event of ['created', 'sent', 'opened', 'completed']) expect(text).toMatch(new RegExp(`\\d{2}:\\d{2} GMT(\\+1)?\\s+${event}\\s`));
    // The signature's event says the signer gave their consent.
    expect(text).toMatch(/GMT(\+1)?\s+signed, agreeing that the electronic signature is legally binding\s/);
    expect(text).toContain('Agreed: "By signing, I agree that my electronic signature is legally binding".');

    // One changed byte inside the signed range (the document's title, in its information): no longer valid.
    const changed = Buffer.from(bytes);
    const at = changed.indexOf('Risk Assessment');
    expect(at).toBeGreaterThan(0);
    changed[at] = 'r'.charCodeAt(0);
    const broken = pdfsig(changed, 'changed.pdf');
    expect(broken).not.toContain('Signature is Valid.');
    expect(broken).toMatch(/Digest Mismatch|Signature is Invalid/);

    // Everyone is mailed a link that downloads this very file.
    const done = server.mail.filter((message) => message.subject.startsWith('Completed:')).at(-1);
    expect(done?.to).toBeDefined();
    const link = new URL(/https?:\/\/\S+/.exec(done?.text ?? '')?.[0] ?? '');
    const download = await server.app.inject({ method: 'GET', url: `${link.pathname}${link.search}` });
    expect(download.statusCode).toBe(200);
    expect(createHash('sha256').update(download.rawPayload).digest('hex')).toBe(form?.sealedSha256);
  });

  it('is sealed once however many times the seal runs, even at once', async () => {
    const id = await completedForm();
    expect(await sealForm(server.ctx, formSeals, id)).toBe('already');
    const [first] = await server.ctx.db.select().from(forms).where(eq(forms.id, id));
    await server.ctx.files.delete(first?.sealedKey ?? '');
    await server.ctx.db.update(forms).set({ sealedKey: null, sealedSha256: null, originalSha256: null, sealedAt: null }).where(eq(forms.id, id));
    await server.ctx.db.delete(auditEvents).where(and(eq(auditEvents.formId, id), eq(auditEvents.event, 'sealed')));
    const outcomes = await Promise.all([
      sealForm(server.ctx, formSeals, id),
      sealForm(server.ctx, formSeals, id),
      sealForm(server.ctx, formSeals, id),
    ]);
    expect(outcomes.filter((outcome) => outcome === 'sealed')).toHaveLength(1);
    expect(outcomes.filter((outcome) => outcome === 'already')).toHaveLength(2);
    const seals = await server.ctx.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.formId, id), eq(auditEvents.event, 'sealed')));
    expect(seals).toHaveLength(1);
    const [form] = await server.ctx.db.select().from(forms).where(eq(forms.id, id));
    const kept = (server.ctx.files as unknown as { keys(): string[] }).keys().filter((key) => key.startsWith(`forms/${id}/sealed-`));
    expect(kept).toEqual([form?.sealedKey]);
  });

  it('shows its PDF in Completed Forms and its progress', async () => {
    const id = await completedForm();
    const token = (await server.signIn('demo.admin')).token;
    const completed = await server.call('/completed-forms', { method: 'GET', token, query: 'filters[search]=Zo' });
    const row = completed.body.data.find((item: Json) => item.id === id);
    expect(row.pdf).toMatch(/^\/api\/file\?key=forms%2F\d+%2Fsealed-/);
    expect((await server.call('/form-progress', { method: 'GET', token, query: `id=${id}` })).body.pdf).toMatch(/^\/api\/file\?/);
  });
});
