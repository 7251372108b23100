/**
 * A signer hands their place on to someone else, where the template's place allows it: the
 * new person gets their own link and invitation, the old link opens nothing and says why, the
 * trail, the progress page and the sealed certificate say who handed it to whom and why. The
 * bounds a link's holder meets: three hand-overs a place, never to an address already in the
 * form, a mailed code given first (then mailed to the new address), no access-code place.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEvents, forms } from '../src/db/schema.js';
import { linksOf, sendSigningForm, signatureOnly, signingCall, signingTemplate, submitDrawn, type SigningLink } from './support/signing-forms.js';
import { useTestServer, type Json } from './support/test-server.js';

const server = useTestServer();
let admin = '';
const folder = mkdtempSync(join(tmpdir(), 'formsign-delegation-'));

beforeAll(async () => {
  admin = (await server.signIn('demo.admin')).token;
});
afterAll(() => rmSync(folder, { recursive: true, force: true }));

const call = (link: SigningLink, body: Record<string, unknown>) => signingCall(server, { id: link.pageId, token: link.token, ...body });
const handOver = (link: SigningLink, name: string, email: string, reason: string, extra: Record<string, unknown> = {}) =>
  call(link, { function: 'delegate', delegate: { name, email, reason }, ...extra });

async function placeLink(formId: number, order: number): Promise<SigningLink> {
  const link = (await linksOf(server, formId)).find((place) => place.order === order);
  if (!link) throw new Error(`No place ${order}.`);
  return link;
}

describe('handing a place on', () => {
  it('is refused where the template does not allow it, and the page does not offer it', async () => {
    const template = await signingTemplate(server, signatureOnly, [{ label: 'Signer', action: 'sign' }]);
    const form = await sendSigningForm(server, admin, { template, recipients: [{ name: 'Nora Quill', email: 'nora.quill@mail.example' }] });
    const link = await placeLink(form.id, 1);
    expect((await call(link, { function: 'load' })).body.data).toMatchObject({ status: 'open', allow_delegation: false });
    expect((await handOver(link, 'Ivo Dane', 'ivo.dane@mail.example', 'On leave')).body).toEqual({
      data: null,
      error: 'The sender of this form has not allowed this place to be handed on to someone else.',
    });
    expect((await call(link, { function: 'load' })).body.data.signer).toMatchObject({ name: 'Nora Quill' });
  });

  it('gives the place a new person and link, stops the old one, and the trail, progress and certificate say who, to whom and why', async () => {
    const template = await signingTemplate(server, signatureOnly, [
      { label: 'Tenant', action: 'sign', allowDelegation: true },
      { label: 'Witness', action: 'sign' },
    ]);
    const form = await sendSigningForm(server, admin, {
      template,
      recipients: [
        { name: 'Ada Brook', email: 'ada.brook@mail.example' },
        { name: 'Ben Cole', email: 'ben.cole@mail.example' },
      ],
    });
    const first = await placeLink(form.id, 1);
    expect((await call(first, { function: 'load' })).body.data).toMatchObject({ status: 'open', allow_delegation: true });
    await call(first, { function: 'save', values: {} });

    // Each part of the new person is checked, in the product's words; the place stays Ada's.
    const refusals: [string, string, string, string][] = [
      ['', 'cara.dunn@mail.example', 'Away', 'Please give the name of the person who should sign instead of you.'],
      ['Cara Dunn', 'cara.dunn@', 'Away', 'Please give the email address of the person who should sign instead of you, such as name@example.com.'],
      ['Cara Dunn', 'cara.dunn@mail.example', '  ', 'Please say why someone else should sign: the sender and the new person will read it.'],
      [
        'Ada again',
        'ADA.brook@mail.example',
        'Away',
        'That is the address this form was sent to. Please give the address of the person who should sign instead of you.',
      ],
      [
        'Ben',
        'Ben.Cole@mail.example',
        'Away',
        "That address already has a place in this form (Ben Cole). A form's places are for different people, so please give someone else's address.",
      ],
    ];
    for (const [name, email, reason, error] of refusals) expect((await handOver(first, name, email, reason)).body).toEqual({ data: null, error });

    const handed = await handOver(first, ' Cara Dunn ', 'cara.dunn@mail.example', 'I am on leave until March.');
    expect(handed.body).toEqual({
      data: {
        status: 'delegated',
        completed: false,
        next: 'Cara Dunn',
        message: 'Cara Dunn is being emailed a link to take your place. Your link no longer opens this form.',
      },
      error: '',
    });
    // Cara is mailed her own link, which says who asked her and why.
    const second = await placeLink(form.id, 1);
    expect(second.pageId).not.toBe(first.pageId);
    const invitation = server.mail.filter((message) => message.to === 'cara.dunn@mail.example');
    expect(invitation).toHaveLength(1);
    expect(invitation[0]?.text).toContain('Ada Brook, to whom it was sent, asks you to take their place. Their reason: I am on leave until March.');
    expect(invitation[0]?.link).toContain(`/web-signing/${second.pageId}?token=${second.token}`);

    // The old link opens nothing, and says why; its steps are refused the same way.
    const gone = 'This form was handed on to someone else: this link no longer works. If you think this is a mistake, please contact its sender.';
    for (const body of [
      { function: 'load' },
      { function: 'save', values: {} },
      { function: 'delegate', delegate: { name: 'X', email: 'x@mail.example', reason: 'y' } },
    ])
      expect(await call(first, body)).toMatchObject({ status: 404, body: { data: null, error: gone } });
    // A forged token for that page id is just a link that is not valid.
    expect((await call({ ...first, token: `${first.token.slice(0, -2)}xx` }, { function: 'load' })).body.error).toBe(
      'This signing link is not valid.',
    );

    // Cara's link opens the form as hers, without Ada's draft; she hands it on twice more, and the third holder cannot.
    expect((await call(second, { function: 'load' })).body.data).toMatchObject({ signer: { name: 'Cara Dunn', email: 'cara.dunn@mail.example' } });
    expect((await handOver(second, 'Dev Ekin', 'dev.ekin@mail.example', 'Dev holds the keys.')).body.data.status).toBe('delegated');
    const third = await placeLink(form.id, 1);
    expect((await handOver(third, 'Eli Fox', 'eli.fox@mail.example', 'Eli is the tenant now.')).body.data.status).toBe('delegated');
    const fourth = await placeLink(form.id, 1);
    expect((await call(fourth, { function: 'load' })).body.data).toMatchObject({ signer: { name: 'Eli Fox' }, allow_delegation: false });
    expect((await handOver(fourth, 'Fay Gale', 'fay.gale@mail.example', 'Again')).body.error).toBe(
      'This place has been handed on 3 times already: it cannot be handed on again. Please ask the sender of the form.',
    );

    // The sender's progress page shows who handed the place to whom and why.
    const progress = await server.call('/form-progress', { method: 'GET', token: admin, query: `id=${form.id}` });
    expect(progress.body.recipients[0]).toMatchObject({ name: 'Eli Fox', email: 'eli.fox@mail.example', allow_delegation: true });
    expect(progress.body.recipients[0].delegations.map((handed: Json) => [handed.from_name, handed.to_email, handed.reason])).toEqual([
      ['Ada Brook', 'cara.dunn@mail.example', 'I am on leave until March.'],
      ['Cara Dunn', 'dev.ekin@mail.example', 'Dev holds the keys.'],
      ['Dev Ekin', 'eli.fox@mail.example', 'Eli is the tenant now.'],
    ]);
    expect(progress.body.recipients[1]).toMatchObject({ allow_delegation: false, delegations: [] });

    // Eli and then Ben sign; the sealed certificate and its trail say who handed the place to whom and why.
    expect((await submitDrawn(server, fourth)).body.data).toMatchObject({ status: 'signed', next: 'Ben Cole' });
    expect((await submitDrawn(server, await placeLink(form.id, 2))).body.data).toMatchObject({ completed: true });
    const trail = await server.ctx.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.formId, form.id), eq(auditEvents.event, 'delegated')));
    expect(trail[0]).toMatchObject({
      actor: 'Ada Brook',
      details: {
        order: 1,
        from: { name: 'Ada Brook', email: 'ada.brook@mail.example' },
        to: { name: 'Cara Dunn', email: 'cara.dunn@mail.example' },
        reason: 'I am on leave until March.',
      },
    });
    const [row] = await server.ctx.db.select().from(forms).where(eq(forms.id, form.id));
    const file = join(folder, `sealed-${form.id}.pdf`);
    writeFileSync(file, (await server.ctx.files.get(row?.sealedKey ?? '')) ?? new Uint8Array());
    const text = execFileSync('pdftotext', [file, '-'], { encoding: 'utf8' }).replace(/\s+/g, ' ');
    expect(text).toContain('1. Eli Fox <eli.fox@mail.example>');
    expect(text).toContain(
      'Handed on: Ada Brook <ada.brook@mail.example> delegated this place to Cara Dunn <cara.dunn@mail.example>. Reason: I am on leave until March.',
    );
    expect(text).toContain('delegated their place to Eli Fox <eli.fox@mail.example>');
  });

  it('happens once of two requests sent together', async () => {
    const template = await signingTemplate(server, signatureOnly, [{ label: 'Signer', action: 'sign', allowDelegation: true }]);
    const form = await sendSigningForm(server, admin, { template, recipients: [{ name: 'Gus Hale', email: 'gus.hale@mail.example' }] });
    const link = await placeLink(form.id, 1);
    const answers = await Promise.all([
      handOver(link, 'Hana Ito', 'hana.ito@mail.example', 'Hana signs for us.'),
      handOver(link, 'Ian Joy', 'ian.joy@mail.example', 'Ian signs for us.'),
    ]);
    expect(answers.filter((answer) => answer.body.data?.status === 'delegated')).toHaveLength(1);
    const trail = await server.ctx.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.formId, form.id), eq(auditEvents.event, 'delegated')));
    expect(trail).toHaveLength(1);
  });

  it('asks for the mailed code first, and then mails the new person their own code', async () => {
    const template = await signingTemplate(server, signatureOnly, [
      { label: 'Signer', action: 'sign', verification: 'email-code', allowDelegation: true },
    ]);
    const form = await sendSigningForm(server, admin, { template, recipients: [{ name: 'Jo Kerr', email: 'jo.kerr@mail.example' }] });
    const link = await placeLink(form.id, 1);
    expect((await handOver(link, 'Kit Lane', 'kit.lane@mail.example', 'Kit signs.')).body.error).toBe(
      'Please enter your code first: this form opens once you prove who you are.',
    );
    await call(link, { function: 'send-code' });
    const code = /^(\d{6}) /.exec(server.mail.filter((message) => message.to === 'jo.kerr@mail.example').at(-1)?.subject ?? '')?.[1] ?? '';
    const proof = (await call(link, { function: 'check-code', code })).body.data.proof as string;
    expect((await handOver(link, 'Kit Lane', 'kit.lane@mail.example', 'Kit signs.', { proof })).body.data.status).toBe('delegated');
    const kit = await placeLink(form.id, 1);
    // Kit proves who she is with a code mailed to her own address.
    expect((await call(kit, { function: 'load' })).body.data).toMatchObject({ verification: 'email-code', email: 'k•••@mail.example' });
    expect((await call(kit, { function: 'send-code' })).body.data.message).toBe('We have sent a code to k•••@mail.example. It works for 10 minutes.');
    expect(server.mail.filter((message) => message.to === 'kit.lane@mail.example' && / is your code to open /.test(message.subject))).toHaveLength(1);
  });

  it('is a setting of the template’s place, never for an approver nor with an access code', async () => {
    const made = await server.call('/getforms', {
      token: admin,
      body: { functions: 'create', type: 'details', value: { title: 'Handover', description: 'Hand on.', category: 'Housing' } },
    });
    const save = (steps: Json[]) =>
      server.call('/getforms', { token: admin, body: { functions: 'update', id: made.body.id, type: 'steps', value: { sequential: true, steps } } });
    const saved = await save([
      { label: 'Tenant', action: 'sign', verification: 'email-code', allow_delegation: true },
      { label: 'Manager', action: 'approve', allow_delegation: true },
      { label: 'Witness', action: 'sign', verification: 'none' },
    ]);
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const steps = (await server.call('/getform', { token: admin, body: { id: made.body.id } })).body.steps;
    expect(steps.map((step: Json) => step.allow_delegation)).toEqual([true, false, false]);
    const refused = await save([{ label: 'Tenant', action: 'sign', verification: 'access-code', allow_delegation: true }]);
    expect(refused.body.message).toBe(
      '"Tenant" opens the form with an access code, so cannot be handed on to someone else: the new person would not have the code. Choose a code emailed to them, or do not allow handing on.',
    );
  });
});
