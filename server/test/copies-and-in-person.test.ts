/**
 * Places that receive a copy, and signing in person.
 *
 * A copy place is never mailed a link, never waited for, counted as no step, and is mailed the
 * sealed PDF once the form is complete and sealed, recorded only once the mail server took it
 * (a refusal leaves it to be tried again, and it is never mailed twice). Its certificate lists
 * it. A template of copies only cannot be sent; copies come last and answer no field.
 *
 * Signing in person: the sender (or an administrator of the form's organisation) opens the
 * place whose turn it is on their device; the mailed link stops working, the hosted page works,
 * the trail and the certificate say who hosted it. Nobody else may, nor for another place; a
 * place that asks for a code still asks for it; a reminder ends the hosting.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { and, asc, eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { auditEvents, formRecipients, forms, type StepDefinition } from '../src/db/schema.js';
import { copiesOnly } from '../src/modules/forms/new-form.js';
import { sendCopies } from '../src/modules/forms/send-copies.js';
import { formsWithCopiesDue } from '../src/modules/forms/completed-forms-repository.js';
import { hostTexts } from '../src/modules/forms/host-in-person.js';
import { say } from '../src/i18n/i18n.js';
import {
  linksOf,
  sendSigningForm,
  signingOrganisation,
  signingTemplate,
  signatureOnly,
  submitDrawn,
  type SigningLink,
} from './support/signing-forms.js';
import { organisationPassword } from './support/form-rows.js';
import { useTestServer } from './support/test-server.js';

const server = useTestServer();
const folder = mkdtempSync(join(tmpdir(), 'formsign-copies-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

function pdftotext(bytes: Uint8Array): string {
  const file = join(folder, `text-${Math.random().toString(36).slice(2)}.pdf`);
  writeFileSync(file, bytes);
  return execFileSync('pdftotext', [file, '-'], { encoding: 'utf8' }).replace(/\s+/g, ' ');
}

const signerAndCopy: StepDefinition[] = [
  { label: 'Tenant', action: 'sign', userId: null },
  { label: 'Records', action: 'copy', userId: null },
];

async function sealedText(formId: number): Promise<string> {
  const [form] = await server.ctx.db.select().from(forms).where(eq(forms.id, formId));
  return pdftotext((await server.ctx.files.get(form?.sealedKey ?? '')) as Buffer);
}

function progressOf(token: string, id: number) {
  return server.call('/form-progress', { method: 'GET', token, query: `id=${id}` });
}

function manage(token: string, body: Record<string, unknown>) {
  return server.call('/form-progress', { method: 'POST', token, body });
}

describe('a place that receives a copy', () => {
  it('waits for nothing, is no step, and is mailed the sealed PDF once the form is sealed', async () => {
    const { token, template } = await signingOrganisation(server, 'Copy Housing', 'copyh', signerAndCopy);
    const sent = await sendSigningForm(server, token, {
      template,
      recipients: [
        { name: 'Tara Tenant', email: 'tara@tenant.example' },
        { name: 'Rita Records', email: 'rita@records.example' },
      ],
    });
    // Only the signer is mailed: the copy place has no link.
    expect(server.mail.filter((mail) => mail.to === 'rita@records.example')).toEqual([]);
    const before = await progressOf(token, sent.id);
    expect(before.body.recipients[1]).toMatchObject({ action: 'copy', status: 'copy', next: false, copy_sent_at: null });
    const listed = await server.call('/workflow', { method: 'GET', token });
    expect(listed.body.data.find((row: { id: number }) => row.id === sent.id)).toMatchObject({ step: 1, steps: 1, assignee: 'Tara Tenant' });
    // Its page opens to no one, whatever it holds.
    const copyLink = sent.links[1] as SigningLink;
    expect((await server.call('/websigning', { body: { function: 'load', id: copyLink.pageId, token: copyLink.token } })).body.data).toBeNull();

    expect((await submitDrawn(server, sent.links[0] as SigningLink)).body.data).toMatchObject({ completed: true });
    await server.flushJobs();

    const copies = server.mail.filter((mail) => mail.to === 'rita@records.example');
    expect(copies).toHaveLength(1);
    expect(copies[0]?.subject).toContain('A copy of');
    const attached = copies[0]?.attachments?.[0];
    expect(attached?.contentType).toBe('application/pdf');
    const pdf = Buffer.from(attached?.contentBase64 ?? '', 'base64');
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    expect(pdftotext(pdf)).toContain('Receives a copy of this sealed PDF by email');

    const after = await progressOf(token, sent.id);
    expect(after.body.status).toBe('completed');
    expect(after.body.recipients[1].copy_sent_at).toMatch(/^\d{4}-\d\d-\d\dT/);
    const trail = await server.ctx.db
      .select({ details: auditEvents.details })
      .from(auditEvents)
      .where(and(eq(auditEvents.formId, sent.id), eq(auditEvents.event, 'copy-sent')));
    expect(trail).toEqual([{ details: { order: 2, to: 'rita@records.example' } }]);

    // A mail server that refuses leaves the copy unsent, to be tried again; a copy sent is never sent twice.
    await server.ctx.db
      .update(formRecipients)
      .set({ notifiedAt: null })
      .where(and(eq(formRecipients.formId, sent.id), eq(formRecipients.order, 2)));
    const refusing = {
      ...server.ctx,
      mailer: {
        send: () => Promise.reject(new Error('The mail server is not answering.')),
      },
    };
    await expect(sendCopies(refusing, sent.id)).rejects.toThrow('not answering');
    expect((await progressOf(token, sent.id)).body.recipients[1].copy_sent_at).toBeNull();
    // Still unsent when the job gives up: queued again on the next start.
    expect(await formsWithCopiesDue(server.ctx.db)).toContain(sent.id);
    expect(await sendCopies(server.ctx, sent.id)).toBe(1);
    expect(await sendCopies(server.ctx, sent.id)).toBe(0);
    expect(await formsWithCopiesDue(server.ctx.db)).not.toContain(sent.id);
  });

  it('cannot make a form alone, comes after those who act, and answers no field', async () => {
    const { token, template } = await signingOrganisation(server, 'Copy Only', 'copyo', [{ label: 'Records', action: 'copy', userId: null }]);
    const refused = await server.call('/send-form', {
      token,
      body: { template, recipients: [{ name: 'Rita Records', email: 'rita@records.example' }] },
    });
    expect(refused.body).toMatchObject({ code: -1, message: copiesOnly.message });

    const save = (steps: unknown[]) =>
      server.call('/getforms', { token, body: { functions: 'update', id: template, type: 'steps', value: { sequential: true, steps } } });
    const misplaced = await save([
      { label: 'Records', action: 'copy' },
      { label: 'Tenant', action: 'sign' },
    ]);
    expect(misplaced.body.message).toContain('"Tenant" comes after a place that receives a copy');
    // The template's signature is answered by place 1, which may not become a copy.
    const answering = await save([
      { label: 'Records', action: 'copy' },
      { label: 'Other', action: 'copy' },
    ]);
    expect(answering.body.message).toContain('The field "Signature" is answered by place 1 (Records), which receives a copy');
  });
});

describe('signing in person', () => {
  it('opens the place whose turn it is on the host’s device, stops the mailed link, and says so on the certificate', async () => {
    const { token, template } = await signingOrganisation(server, 'Host Housing', 'hosth', signerAndCopy);
    const sent = await sendSigningForm(server, token, {
      template,
      recipients: [
        { name: 'Hugo Tenant', email: 'hugo@tenant.example' },
        { name: 'Rita Records', email: 'rita@records.example' },
      ],
    });
    const mailed = sent.links[0] as SigningLink;
    const mailsBefore = server.mail.length;
    const hosted = await manage(token, { id: sent.id, action: 'in-person' });
    expect(hosted.body.code).toBe(1);
    expect(hosted.body.progress.recipients[0].hosted_by).toBe('Ada Admin');
    expect(server.mail.length, 'hosting mails no one').toBe(mailsBefore);
    const [, pageId = '', hostedToken = ''] = /^\/web-signing\/([\w-]+)\?token=([\w-]+)&order=1$/.exec(hosted.body.signing_url) ?? [];
    expect(pageId).not.toBe(mailed.pageId);
    expect((await server.call('/websigning', { body: { function: 'load', id: mailed.pageId, token: mailed.token } })).body.data).toBeNull();

    const signed = await submitDrawn(server, { order: 1, pageId, token: hostedToken });
    expect(signed.body.data).toMatchObject({ completed: true });
    await server.flushJobs();
    const text = await sealedText(sent.id);
    expect(text).toContain('Signed in person, hosted by Ada Admin.');
    expect(text).toContain('signed in person, hosted by Ada Admin');
    expect(text).toContain('opened a place to sign in person, hosted by Ada Admin');
    const [event] = await server.ctx.db
      .select({ details: auditEvents.details, actor: auditEvents.actor })
      .from(auditEvents)
      .where(and(eq(auditEvents.formId, sent.id), eq(auditEvents.event, 'hosted')));
    expect(event).toEqual({ actor: 'Ada Admin', details: { order: 1, for: 'Hugo Tenant', verification: 'none' } });
  });

  it('is for the form’s sender or an administrator of its organisation, for the open place of a signer only', async () => {
    const steps: StepDefinition[] = [
      { label: 'Tenant', action: 'sign', userId: null },
      { label: 'Witness', action: 'sign', userId: null },
    ];
    const { token, template } = await signingOrganisation(server, 'Host Guarded', 'hostg', steps);
    const sent = await sendSigningForm(server, token, {
      template,
      recipients: [
        { name: 'Gus Tenant', email: 'gus@tenant.example' },
        { name: 'Wes Witness', email: 'wes@witness.example' },
      ],
    });
    const stranger = (await server.signIn('demo.admin')).token;
    expect((await manage(stranger, { id: sent.id, action: 'in-person' })).status).toBe(404);
    const colleague = (await server.signIn('hostg.basic', organisationPassword)).token;
    expect((await manage(colleague, { id: sent.id, action: 'in-person' })).status).not.toBe(200);
    const notYet = await manage(token, { id: sent.id, action: 'in-person', order: 2 });
    expect(notYet.body.message).toBe(say('en', hostTexts.notTheirTurn('Wes Witness')));
    // Nothing changed: the mailed link still works.
    const [first] = await linksOf(server, sent.id);
    expect(first?.pageId).toBe(sent.links[0]?.pageId);

    const approval = await signingTemplate(server, signatureOnly, [{ label: 'Manager', action: 'approve', userId: null }], {
      company: 'Host Guarded',
    });
    const approverForm = await sendSigningForm(server, token, {
      template: approval,
      recipients: [{ name: 'Bo Basic', email: 'basic@hostg.example' }],
    });
    const approver = await manage(token, { id: approverForm.id, action: 'in-person' });
    expect(approver.body.message).toBe(say('en', hostTexts.approver('Bo Basic')));
  });

  it('still asks for a mailed code, and ends when a reminder mails a new link', async () => {
    const { token, template } = await signingOrganisation(server, 'Host Coded', 'hostc', [
      { label: 'Tenant', action: 'sign', userId: null, verification: 'email-code' },
    ]);
    const sent = await sendSigningForm(server, token, { template, recipients: [{ name: 'Cleo Tenant', email: 'cleo@tenant.example' }] });
    const hosted = await manage(token, { id: sent.id, action: 'in-person' });
    const [, pageId = '', hostedToken = ''] = /\/web-signing\/([\w-]+)\?token=([\w-]+)/.exec(hosted.body.signing_url) ?? [];
    const loaded = await server.call('/websigning', { body: { function: 'load', id: pageId, token: hostedToken } });
    expect(loaded.body.data).toMatchObject({ verification: 'email-code' });
    const [event] = await server.ctx.db
      .select({ details: auditEvents.details })
      .from(auditEvents)
      .where(and(eq(auditEvents.formId, sent.id), eq(auditEvents.event, 'hosted')));
    expect(event?.details).toMatchObject({ verification: 'email-code' });

    expect((await manage(token, { id: sent.id, action: 'remind' })).body.code).toBe(1);
    expect((await server.call('/websigning', { body: { function: 'load', id: pageId, token: hostedToken } })).body.data).toBeNull();
    const [row] = await server.ctx.db
      .select({ pageId: formRecipients.pageId, hostedByName: formRecipients.hostedByName })
      .from(formRecipients)
      .where(eq(formRecipients.formId, sent.id))
      .orderBy(asc(formRecipients.order));
    expect(row?.hostedByName).toBeNull();
    expect(server.mail.at(-1)?.text).toContain(`/web-signing/${row?.pageId ?? 'none'}?token=`);
  });
});
