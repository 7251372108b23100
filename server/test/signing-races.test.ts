/**
 * A recipient's step is taken once, however many requests try it at the same moment (made to
 * meet at their transactions, so the race is certain rather than left to timing): ten
 * submits of one link, approvals from the link and from the workflow, send-backs from Action
 * Required, a withdrawal racing a signature. One request wins; the others are told the step
 * was taken, and the audit trail and the signatures say it happened once.
 */
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { auditEvents, formRecipients, forms } from '../src/db/schema.js';
import { userIdOf } from './support/form-rows.js';
import { drawn, sendSigningForm, signingCall, signingTemplate } from './support/signing-forms.js';
import { useTestServer, type Json } from './support/test-server.js';
import { together } from './support/together.js';

const server = useTestServer();

const fields = [
  { name: 'answer', label: 'Your answer', type: 'text' as const, required: true },
  { name: 'signature', label: 'Signature', type: 'signature' as const, required: true },
];

let admin = '';
let adminId = 0;
let signOnce = 0;
let approveOnce = 0;

beforeAll(async () => {
  admin = (await server.signIn('demo.admin')).token;
  adminId = await userIdOf(server.ctx.db, 'demo.admin');
  signOnce = await signingTemplate(server, fields, [{ label: 'Signer', action: 'sign' }]);
  approveOnce = await signingTemplate(
    server,
    [{ name: 'note', label: 'Note', type: 'text', required: false, step: 0 }],
    [{ label: 'Manager', action: 'approve' }],
  );
});

async function events(
  formId: number,
  event: 'signed' | 'approved' | 'disapproved' | 'completed' | 'sealed' | 'cancelled' | 'saved',
): Promise<number> {
  return (
    await server.ctx.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.formId, formId), eq(auditEvents.event, event)))
  ).length;
}

/** `n` requests that meet at their transactions (`together`). */
const times = <T>(n: number, make: (i: number) => Promise<T>): Promise<T[]> =>
  together(
    server,
    Array.from({ length: n }, (_unused, i) => () => make(i)),
  );

describe('one signing link used ten times at once', () => {
  it('is signed once: one receipt, one "signed" event, one signature, one seal', async () => {
    const form = await sendSigningForm(server, admin, {
      template: signOnce,
      recipients: [{ name: 'Margaret Ellis', email: 'margaret.ellis@mail.example' }],
    });
    const [link] = form.links;
    if (!link) throw new Error('No link.');
    const answers = await times(10, (i) =>
      signingCall(server, {
        function: 'submit',
        consent: true,
        id: link.pageId,
        token: link.token,
        values: { answer: `try ${i}` },
        signature: { kind: 'drawn', value: drawn },
      }),
    );
    const signed = answers.filter((answer) => answer.body.data?.status === 'signed');
    expect(signed).toHaveLength(1);
    expect(answers.filter((answer) => answer.body.error === 'This form has already been signed.')).toHaveLength(9);
    expect(answers.every((answer) => answer.status === 200)).toBe(true);
    expect(await events(form.id, 'signed')).toBe(1);
    expect(await events(form.id, 'completed')).toBe(1);
    expect(await events(form.id, 'sealed')).toBe(1);
    const [stored] = await server.ctx.db.select().from(forms).where(eq(forms.id, form.id));
    // The answer kept is the winner's.
    const winner = answers.indexOf(signed[0] as (typeof answers)[number]);
    expect(stored?.values).toMatchObject({ answer: `try ${winner}` });
    expect(stored?.status).toBe('completed');
  });

  it('saved and submitted at once keeps no draft after the signature, and the signature once', async () => {
    const form = await sendSigningForm(server, admin, { template: signOnce, recipients: [{ name: 'Owen Price', email: 'owen.price@mail.example' }] });
    const [link] = form.links;
    if (!link) throw new Error('No link.');
    const answers = await times(10, (i) =>
      i % 2 === 0
        ? signingCall(server, { function: 'save', id: link.pageId, token: link.token, values: { answer: `draft ${i}` } })
        : signingCall(server, {
            function: 'submit',
            consent: true,
            id: link.pageId,
            token: link.token,
            values: { answer: `final ${i}` },
            signature: { kind: 'drawn', value: drawn },
          }),
    );
    expect(answers.filter((answer) => answer.body.data?.status === 'signed')).toHaveLength(1);
    const [place] = await server.ctx.db.select().from(formRecipients).where(eq(formRecipients.formId, form.id));
    expect(place).toMatchObject({ status: 'signed', draft: null });
    expect(await events(form.id, 'signed')).toBe(1);
    // Saves that came after the signature were refused, not recorded.
    const saved = answers.filter((answer) => answer.body.data?.status === 'saved').length;
    expect(await events(form.id, 'saved')).toBe(saved);
  });
});

describe('an approval asked for at once from every way in', () => {
  async function approvalForm(): Promise<{ id: number; pageId: string }> {
    const form = await sendSigningForm(server, admin, {
      template: approveOnce,
      recipients: [{ name: 'Olivia Bennett', email: 'demo.admin@northwindcare.example', user_id: adminId }],
    });
    return { id: form.id, pageId: form.links[0]?.pageId ?? '' };
  }

  it('is approved once: from the link signed in and from the workflow review together', async () => {
    const form = await approvalForm();
    const answers = await times(10, (i) =>
      i % 2 === 0
        ? signingCall(server, { function: 'approve', id: form.pageId }, { signedIn: admin })
        : server.call('/workflow', { method: 'GET', token: admin, query: `id=${form.id}&disapprove=0&comment=fine` }),
    );
    expect(await events(form.id, 'approved')).toBe(1);
    expect(await events(form.id, 'completed')).toBe(1);
    const approvedByLink = answers.filter((answer) => answer.body.data?.status === 'approved').length;
    const approvedInWorkflow = answers.filter((answer, i) => i % 2 === 1 && answer.status === 200).length;
    expect(approvedByLink + approvedInWorkflow).toBe(1);
    for (const [i, answer] of answers.entries()) {
      if (i % 2 === 0 && answer.body.data?.status !== 'approved') expect(answer.body.error).toBe('This form has already been signed.');
      if (i % 2 === 1 && answer.status !== 200)
        expect(answer).toMatchObject({ status: 400, body: { message: 'This form is not waiting for a review.' } });
    }
  });

  it('is sent back once: from Action Required, the link and the workflow together', async () => {
    const form = await approvalForm();
    const answers: { status: number; body: Json }[] = await times(9, (i) =>
      i % 3 === 0
        ? server.call('/pending-form', { method: 'GET', token: admin, query: `disapprove=${form.id}&comment=${encodeURIComponent(`no ${i}`)}` })
        : i % 3 === 1
          ? signingCall(server, { function: 'disapprove', id: form.pageId, comment: `no ${i}` }, { signedIn: admin })
          : server.call('/workflow', { method: 'GET', token: admin, query: `id=${form.id}&disapprove=1&comment=${encodeURIComponent(`no ${i}`)}` }),
    );
    expect(await events(form.id, 'disapproved')).toBe(1);
    const [place] = await server.ctx.db.select().from(formRecipients).where(eq(formRecipients.formId, form.id));
    const [stored] = await server.ctx.db.select().from(forms).where(eq(forms.id, form.id));
    expect(place?.status).toBe('disapproved');
    expect(stored?.status).toBe('disapproved');
    // One sent-back mail to the sender.
    expect(server.mail.filter((message) => message.subject.startsWith('Sent back:') && message.text.includes(stored?.reference ?? '-'))).toHaveLength(
      1,
    );
    const winners = answers.filter((answer, i) => (i % 3 === 1 ? answer.body.data?.status === 'disapproved' : answer.status === 200));
    expect(winners).toHaveLength(1);
  });
});

describe('a withdrawal and a signature at the same moment', () => {
  it('leave the form either signed or withdrawn, never both', async () => {
    for (let round = 0; round < 4; round += 1) {
      const form = await sendSigningForm(server, admin, {
        template: signOnce,
        recipients: [{ name: `Signer ${round}`, email: `race.${round}@mail.example` }],
      });
      const [link] = form.links;
      if (!link) throw new Error('No link.');
      const sign = () =>
        signingCall(server, {
          function: 'submit',
          consent: true,
          id: link.pageId,
          token: link.token,
          values: { answer: 'yes' },
          signature: { kind: 'drawn', value: drawn },
        });
      const withdraw = () => server.call('/form-progress', { token: admin, body: { id: form.id, action: 'withdraw' } });
      const [first, second] = round % 2 === 0 ? await together(server, [sign, withdraw]) : (await together(server, [withdraw, sign])).reverse();
      const [stored] = await server.ctx.db.select().from(forms).where(eq(forms.id, form.id));
      const signedEvents = await events(form.id, 'signed');
      const cancelledEvents = await events(form.id, 'cancelled');
      if (stored?.status === 'cancelled') {
        expect(signedEvents).toBe(0);
        expect(cancelledEvents).toBe(1);
        expect(second?.body.code).toBe(1);
        expect(first?.body.data?.status).not.toBe('signed');
      } else {
        expect(stored?.status).toBe('completed');
        expect(signedEvents).toBe(1);
        expect(cancelledEvents).toBe(0);
        expect(first?.body.data?.status).toBe('signed');
        expect(second?.body.code).toBe(-3);
      }
    }
  });
});
