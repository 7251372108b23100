/**
 * A property of the signing calls, checked on random sequences of them (fast-check): a form
 * of two signers and an approver, signed, saved, approved, sent back, withdrawn and reminded
 * through the HTTP API in any order, some calls in pairs made to meet at their transactions.
 * After every call the form must hold together: one signature per step, steps taken in order
 * when the form is sequential, an audit trail that matches the recipients, a status that
 * follows from them, and a completed form sealed exactly once. No call may fail on the
 * server's side.
 *
 * The runs are seeded: `FORMSIGN_PROPERTY_SEED` chooses another seed, `FORMSIGN_PROPERTY_RUNS`
 * more runs. A failure prints its seed and path, and the shortest sequence found that breaks it.
 */
import { asc, eq } from 'drizzle-orm';
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { auditEvents, formRecipients, forms } from '../src/db/schema.js';
import { statusOf } from '../src/modules/forms/progression.js';
import { userIdOf } from './support/form-rows.js';
import { drawn, sendSigningForm, signingCall, signingTemplate, type SentForm } from './support/signing-forms.js';
import { expectCountsExact } from './support/report-counts.js';
import { useTestServer, type Json } from './support/test-server.js';
import { together } from './support/together.js';

const server = useTestServer();

const seed = Number(process.env['FORMSIGN_PROPERTY_SEED'] ?? 190_219);
const numRuns = Number(process.env['FORMSIGN_PROPERTY_RUNS'] ?? 20);

type Place = 1 | 2;
type Step =
  | { call: 'submit'; place: Place; signature: 'typed' | 'drawn' }
  | { call: 'save'; place: Place }
  | { call: 'approve'; via: 'link' | 'workflow' }
  | { call: 'sendBack'; via: 'link' | 'workflow' | 'pending' }
  | { call: 'withdraw' }
  | { call: 'remind'; order: 1 | 2 | 3 };
type Command = Step | { call: 'together'; first: Step; second: Step };

const place = fc.constantFrom<Place>(1, 2);
const step: fc.Arbitrary<Step> = fc.oneof(
  {
    weight: 4,
    arbitrary: fc.record({ call: fc.constant('submit' as const), place, signature: fc.constantFrom('typed' as const, 'drawn' as const) }),
  },
  { weight: 2, arbitrary: fc.record({ call: fc.constant('save' as const), place }) },
  { weight: 3, arbitrary: fc.record({ call: fc.constant('approve' as const), via: fc.constantFrom('link' as const, 'workflow' as const) }) },
  {
    weight: 1,
    arbitrary: fc.record({ call: fc.constant('sendBack' as const), via: fc.constantFrom('link' as const, 'workflow' as const, 'pending' as const) }),
  },
  { weight: 1, arbitrary: fc.constant({ call: 'withdraw' as const }) },
  { weight: 1, arbitrary: fc.record({ call: fc.constant('remind' as const), order: fc.constantFrom(1 as const, 2 as const, 3 as const) }) },
);
const command: fc.Arbitrary<Command> = fc.oneof(
  { weight: 3, arbitrary: step },
  { weight: 1, arbitrary: fc.record({ call: fc.constant('together' as const), first: step, second: step }) },
);

const fields = [
  { name: 'first_answer', label: 'First answer', type: 'text' as const, required: true },
  { name: 'first_signature', label: 'First signature', type: 'signature' as const, required: true },
  { name: 'second_answer', label: 'Second answer', type: 'text' as const, required: true, step: 2 },
  { name: 'second_signature', label: 'Second signature', type: 'signature' as const, required: true, step: 2 },
];

let admin = '';
let adminId = 0;
let template = 0;

beforeAll(async () => {
  admin = (await server.signIn('demo.admin')).token;
  adminId = await userIdOf(server.ctx.db, 'demo.admin');
  template = await signingTemplate(server, fields, [
    { label: 'First signer', action: 'sign' },
    { label: 'Second signer', action: 'sign' },
    { label: 'Manager', action: 'approve' },
  ]);
});

function call(form: SentForm, action: Step): Promise<{ status: number; body: Json }> {
  const link = (order: number) => form.links[order - 1] ?? { pageId: '', token: '' };
  const answer = (order: number) => (order === 1 ? { first_answer: 'one' } : { second_answer: 'two' });
  switch (action.call) {
    case 'submit': {
      const { pageId, token } = link(action.place);
      const signature = action.signature === 'typed' ? { kind: 'typed', value: `Signer ${action.place}` } : { kind: 'drawn', value: drawn };
      return signingCall(server, { function: 'submit', consent: true, id: pageId, token, values: answer(action.place), signature });
    }
    case 'save': {
      const { pageId, token } = link(action.place);
      return signingCall(server, { function: 'save', id: pageId, token, values: answer(action.place) });
    }
    case 'approve':
      return action.via === 'link'
        ? signingCall(server, { function: 'approve', id: link(3).pageId }, { signedIn: admin })
        : server.call('/workflow', { method: 'GET', token: admin, query: `id=${form.id}&disapprove=0&comment=fine` });
    case 'sendBack':
      if (action.via === 'link')
        return signingCall(server, { function: 'disapprove', id: link(3).pageId, comment: 'Not like this.' }, { signedIn: admin });
      if (action.via === 'pending')
        return server.call('/pending-form', {
          method: 'GET',
          token: admin,
          query: `disapprove=${form.id}&comment=${encodeURIComponent('Not like this.')}`,
        });
      return server.call('/workflow', {
        method: 'GET',
        token: admin,
        query: `id=${form.id}&disapprove=1&comment=${encodeURIComponent('Not like this.')}`,
      });
    case 'withdraw':
      return server.call('/form-progress', { token: admin, body: { id: form.id, action: 'withdraw' } });
    case 'remind':
      return server.call('/form-progress', { token: admin, body: { id: form.id, action: 'remind', order: action.order } });
  }
}

/** Every rule a form's rows must keep, whatever was called before. */
async function expectConsistent(formId: number): Promise<void> {
  const db = server.ctx.db;
  const [form] = await db.select().from(forms).where(eq(forms.id, formId));
  const recipients = await db.select().from(formRecipients).where(eq(formRecipients.formId, formId)).orderBy(asc(formRecipients.order));
  const trail = await db.select().from(auditEvents).where(eq(auditEvents.formId, formId)).orderBy(asc(auditEvents.id));
  if (!form) throw new Error(`No form ${formId}.`);
  const events = (name: string, order?: number) =>
    trail.filter((event) => event.event === name && (order === undefined || Number(event.details['order']) === order)).length;

  for (const recipient of recipients) {
    const label = `place ${recipient.order} (${recipient.status})`;
    // One signature, approval or send-back per step, as the trail records it.
    expect(events('signed', recipient.order), label).toBe(recipient.status === 'signed' ? 1 : 0);
    expect(events('approved', recipient.order), label).toBe(recipient.status === 'approved' ? 1 : 0);
    expect(events('disapproved', recipient.order), label).toBe(recipient.status === 'disapproved' ? 1 : 0);
    expect(recipient.signature !== null, label).toBe(recipient.status === 'signed');
    expect(recipient.actedAt !== null, label).toBe(['signed', 'approved', 'disapproved'].includes(recipient.status));
    if (['signed', 'approved'].includes(recipient.status)) expect(recipient.draft, label).toBeNull();
    expect(events('reminded', recipient.order), label).toBe(recipient.remindersSent);
  }
  expect(recipients.filter((recipient) => recipient.status === 'disapproved').length).toBeLessThanOrEqual(1);
  if (form.sequential) {
    // In order: a step is taken only once every step before it was, and at most one waits at a time.
    recipients.forEach((recipient, index) => {
      if (['signed', 'approved'].includes(recipient.status))
        expect(
          recipients.slice(0, index).every((before) => ['signed', 'approved'].includes(before.status)),
          `place ${recipient.order} acted in order`,
        ).toBe(true);
    });
    expect(recipients.filter((recipient) => recipient.status === 'open').length).toBeLessThanOrEqual(1);
  }

  if (form.status === 'cancelled') {
    expect(events('cancelled')).toBe(1);
    expect(recipients.some((recipient) => recipient.status === 'open' || recipient.status === 'waiting')).toBe(false);
  } else {
    expect(events('cancelled')).toBe(0);
    expect(form.status).toBe(statusOf(recipients));
  }
  // Complete: once, and sealed once.
  const completed = form.status === 'completed';
  expect(events('completed')).toBe(completed ? 1 : 0);
  expect(events('sealed')).toBe(completed ? 1 : 0);
  expect(form.sealedKey !== null).toBe(completed);
  expect(form.completedAt !== null).toBe(completed);
  // The dashboard's counts follow every call that changed the form.
  await expectCountsExact(db, form.companyId);
}

describe('any sequence of signing calls on one form', () => {
  it('keeps one signature per step, steps in order, a matching audit trail and one seal', async () => {
    await fc.assert(
      fc.asyncProperty(fc.boolean(), fc.array(command, { minLength: 1, maxLength: 8 }), async (sequential, commands) => {
        const form = await sendSigningForm(server, admin, {
          template,
          sequential,
          recipients: [
            { name: 'First Signer', email: 'first.signer@mail.example' },
            { name: 'Second Signer', email: 'second.signer@mail.example' },
            { name: 'Olivia Bennett', email: 'demo.admin@northwindcare.example', user_id: adminId },
          ],
        });
        for (const next of commands) {
          const answers =
            next.call === 'together'
              ? await together(server, [() => call(form, next.first), () => call(form, next.second)])
              : [await call(form, next)];
          for (const answer of answers) expect(answer.status, JSON.stringify(answer.body)).toBeLessThan(500);
          await expectConsistent(form.id);
        }
      }),
      { seed, numRuns, endOnFailure: false, verbose: 1 },
    );
  }, 180_000);
});
