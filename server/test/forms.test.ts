/**
 * The life of a form, through the contract's operations: a template made with its fields and
 * recipients, sent, signed through the mailed links (drawn and typed), approved, complete;
 * and every refusal on the way (a used, expired, withdrawn or foreign link, no envelopes).
 */
import { and, asc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditEvents, companies, forms } from '../src/db/schema.js';
import { otherCompany, fixturePassword } from './support/fixtures.js';
import { drawn } from './support/signing-forms.js';
import { useTestServer, type Json } from './support/test-server.js';

const server = useTestServer();

async function admin(): Promise<string> {
  return (await server.signIn('demo.admin')).token;
}

async function makeTemplate(token: string, approverId: number): Promise<number> {
  const created = await server.call('/getforms', {
    token,
    body: {
      functions: 'create',
      type: 'details',
      value: { title: 'Equipment Loan', description: 'Borrowing equipment from the office.', category: 'Facilities' },
    },
  });
  expect(created.body.code).toBe(1);
  const id = created.body.id as number;
  const steps = await server.call('/getforms', {
    token,
    body: {
      functions: 'update',
      id,
      type: 'steps',
      value: {
        sequential: true,
        steps: [
          { label: 'Borrower', action: 'sign' },
          { label: 'Witness', action: 'sign' },
          { label: 'Manager', action: 'approve', user_id: approverId },
        ],
      },
    },
  });
  expect(steps.body.code).toBe(1);
  const fields = await server.call('/getforms', {
    token,
    body: {
      functions: 'update',
      id,
      type: 'fields',
      value: [
        { name: 'item', label: 'Item', type: 'select', required: true, options: ['Laptop', 'Projector'], step: 0 },
        { name: 'days', label: 'Days', type: 'number', required: true },
        { name: 'borrower_signature', label: 'Borrower signature', type: 'signature', required: true },
        { name: 'witness_name', label: 'Witness name', type: 'text', required: true, step: 2 },
        { name: 'witness_signature', label: 'Witness signature', type: 'signature', required: true, step: 2 },
      ],
    },
  });
  expect(fields.body.code).toBe(1);
  return id;
}

async function userId(token: string, search: string): Promise<number> {
  return ((await server.call('/users', { token, body: { filters: { search } } })).body.data[0] as Json).id as number;
}

function linkFor(email: string): { pageId: string; token: string } {
  const mail = server.mail.filter((message) => message.to === email).at(-1);
  const match = /\/web-signing\/([\w-]+)\?token=([\w-]+)/.exec(mail?.text ?? '');
  if (!match) throw new Error(`No signing link mailed to ${email}`);
  return { pageId: match[1] ?? '', token: match[2] ?? '' };
}

const signing = (body: Record<string, unknown>, token?: string) => server.call('/websigning', { body, ...(token ? { token } : {}) });

async function unused(token: string): Promise<number> {
  return (await server.call('/user', { method: 'GET', token })).body.company.unused_envelopes as number;
}

describe('a template', () => {
  it('is made in three parts (details, recipients, fields) and read back whole', async () => {
    const token = await admin();
    const id = await makeTemplate(token, await userId(token, 'demo.admin'));
    const detail = await server.call('/getform', { token, body: { id } });
    expect(detail.body).toMatchObject({ title: 'Equipment Loan', category: 'Facilities', status: 'active', sequential: true, pdf: null });
    expect(detail.body.steps).toEqual([
      { label: 'Borrower', action: 'sign', user_id: null, verification: 'none', allow_delegation: false },
      { label: 'Witness', action: 'sign', user_id: null, verification: 'none', allow_delegation: false },
      { label: 'Manager', action: 'approve', user_id: expect.any(Number), verification: 'none', allow_delegation: false },
    ]);
    expect(detail.body.fields.map((field: Json) => [field.name, field.step ?? 1])).toEqual([
      ['item', 0],
      ['days', 1],
      ['borrower_signature', 1],
      ['witness_name', 2],
      ['witness_signature', 2],
    ]);
    const listing = await server.call('/formlisting', { token, body: { search: 'equipment', token } });
    expect(listing.body.all).toEqual([expect.objectContaining({ id, title: 'Equipment Loan', category: 'Facilities', fields: 5 })]);
  });

  it('refuses fields that break the rules, in words a person can act on', async () => {
    const token = await admin();
    const id = await makeTemplate(token, await userId(token, 'demo.admin'));
    const refused = await server.call('/getforms', {
      token,
      body: { functions: 'update', id, type: 'fields', value: [{ name: 'Bad Name', label: 'x', type: 'text', required: false }] },
    });
    expect(refused.body).toMatchObject({
      code: -1,
      message: 'The field name "Bad Name" must start with a letter and use only lower-case letters, digits and underscores.',
    });
    const beyond = await server.call('/getforms', {
      token,
      body: { functions: 'update', id, type: 'fields', value: [{ name: 'late', label: 'Late', type: 'text', required: false, step: 7 }] },
    });
    expect(beyond.body.message).toBe('The field "Late" is answered by place 7, but the template has 3.');
  });

  it('is archived, restored, duplicated and deleted, and the list shows it', async () => {
    const token = await admin();
    const id = await makeTemplate(token, await userId(token, 'demo.admin'));
    expect(
      (await server.call('/getforms', { token, body: { functions: 'archive', ids: [id] } })).body.data.find((row: Json) => row.id === id)?.status,
    ).toBe('archived');
    await server.call('/getforms', { token, body: { functions: 'restore', ids: [id] } });
    const copy = await server.call('/getforms', { token, body: { functions: 'duplicate', id } });
    expect(copy.body.code).toBe(1);
    expect((await server.call('/getform', { token, body: { id: copy.body.id } })).body.title).toBe('Equipment Loan (copy)');
    await server.call('/getforms', { token, body: { functions: 'delete', ids: [copy.body.id] } });
    expect((await server.call('/getform', { token, body: { id: copy.body.id } })).status).toBe(404);
  });
});

describe('the life of a form', () => {
  it('goes from sending to complete: links in order, a drawn and a typed signature, an approval, one envelope used', async () => {
    const token = await admin();
    const approver = await userId(token, 'demo.admin');
    const template = await makeTemplate(token, approver);
    const before = await unused(token);
    const mailBefore = server.mail.length;

    const sent = await server.call('/send-form', {
      token,
      body: {
        template,
        recipients: [
          { name: 'Margaret Ellis', email: 'margaret.ellis@mail.example' },
          { name: 'Winston Reed', email: 'winston.reed@mail.example' },
          { name: 'Olivia Bennett', email: 'demo.admin@northwindcare.example', user_id: approver },
        ],
        message: 'Please fill in and sign.',
        values: { item: 'Laptop' },
      },
    });
    expect(sent.body).toMatchObject({
      code: 1,
      message: 'The form has been sent.',
      reference: expect.stringMatching(/^NC-\d{4}-\d{4}$/),
      unused: before - 1,
    });
    expect(await unused(token)).toBe(before - 1);
    // In order: only the first recipient is mailed.
    expect(server.mail.slice(mailBefore).map((message) => message.to)).toEqual(['margaret.ellis@mail.example']);
    const formId = sent.body.id as number;

    const first = linkFor('margaret.ellis@mail.example');
    const second = await server.call('/websigning', {
      body: { function: 'load', id: first.pageId.split('').reverse().join(''), token: first.token },
    });
    expect(second).toMatchObject({ status: 400, body: { data: null, error: 'This signing link is not valid.' } });

    const loaded = await signing({ function: 'load', id: first.pageId, token: first.token, order: 1 });
    expect(loaded.body.error).toBe('');
    expect(loaded.body.data).toMatchObject({
      title: expect.stringContaining('Equipment Loan'),
      sender: 'Olivia Bennett, Northwind Care Ltd',
      signer: { name: 'Margaret Ellis', order: 1 },
      status: 'open',
    });
    const byName = Object.fromEntries(loaded.body.data.fields.map((field: Json) => [field.name, field]));
    expect(byName.item).toMatchObject({ value: 'Laptop', readonly: true });
    expect(byName.days).toMatchObject({ readonly: false });
    expect(byName.witness_name).toMatchObject({ readonly: true });

    const draft = await signing({ function: 'save', id: first.pageId, token: first.token, values: { days: 3 } });
    expect(draft.body.data).toMatchObject({ status: 'saved' });
    expect(
      (await signing({ function: 'load', id: first.pageId, token: first.token })).body.data.fields.find((field: Json) => field.name === 'days').value,
    ).toBe(3);

    const missing = await signing({ function: 'submit', consent: true, id: first.pageId, token: first.token, values: { days: 3 } });
    expect(missing.body).toEqual({ data: null, error: 'Please sign: type your name or draw your signature.' });
    const signed = await signing({
      function: 'submit',
      consent: true,
      id: first.pageId,
      token: first.token,
      values: { days: 3 },
      signature: { kind: 'drawn', value: drawn },
    });
    expect(signed.body.data).toEqual({
      status: 'signed',
      completed: false,
      next: 'Winston Reed',
      message: 'Thank you. Your signature has been recorded.',
    });
    expect(
      (
        await signing({
          function: 'submit',
          consent: true,
          id: first.pageId,
          token: first.token,
          values: { days: 3 },
          signature: { kind: 'drawn', value: drawn },
        })
      ).body.error,
    ).toBe('This form has already been signed.');

    const witness = linkFor('winston.reed@mail.example');
    const seen = await signing({ function: 'load', id: witness.pageId, token: witness.token });
    expect(seen.body.data.fields.find((field: Json) => field.name === 'days')).toMatchObject({ value: 3, readonly: true });
    const witnessed = await signing({
      function: 'submit',
      consent: true,
      id: witness.pageId,
      token: witness.token,
      values: { witness_name: 'Winston Reed' },
      signature: { kind: 'typed', value: 'Winston Reed' },
    });
    expect(witnessed.body.data).toMatchObject({ status: 'signed', completed: false, next: 'Olivia Bennett' });

    // The approver finds it waiting, and approves it signed in.
    const pending = await server.call('/pending-form', { method: 'GET', token });
    const row = pending.body.data.find((item: Json) => item.id === formId);
    expect(row).toMatchObject({ action: 'approve', step: 3, steps: 3, from: 'Olivia Bennett' });
    const asStranger = await signing({ function: 'approve', id: row.page_id }, (await server.signIn('demo.basic')).token);
    expect(asStranger.status).toBe(400);
    const approved = await signing({ function: 'approve', id: row.page_id }, token);
    expect(approved.body.data).toMatchObject({ status: 'approved', completed: true });

    const completed = await server.call('/completed-forms', { method: 'GET', token, query: 'filters[search]=Equipment' });
    expect(completed.body.data).toEqual([
      expect.objectContaining({ id: formId, template: 'Equipment Loan', submitted_by: 'Olivia Bennett', signers: 2 }),
    ]);
    const [stored] = await server.ctx.db.select().from(forms).where(eq(forms.id, formId));
    expect(stored?.values).toMatchObject({
      item: 'Laptop',
      days: 3,
      witness_name: 'Winston Reed',
      witness_signature: 'Winston Reed',
      borrower_signature: 'Signed by Margaret Ellis',
    });
    const trail = await server.ctx.db
      .select({ event: auditEvents.event, actor: auditEvents.actor, ip: auditEvents.ip })
      .from(auditEvents)
      .where(eq(auditEvents.formId, formId))
      .orderBy(asc(auditEvents.id));
    expect(trail.map((event) => event.event)).toEqual([
      'created',
      'sent',
      'opened',
      'saved',
      'signed',
      'opened',
      'signed',
      'approved',
      'completed',
      'sealed',
      // The company saves sealed forms to Documents (`storage_auto_save`, on by default).
      'file-saved',
    ]);
    expect(trail.find((event) => event.event === 'signed')).toMatchObject({ actor: 'Margaret Ellis', ip: '127.0.0.1' });

    const progress = await server.call('/form-progress', { method: 'GET', token, query: `id=${formId}` });
    expect(progress.body).toMatchObject({ status: 'completed', recipients: [{ status: 'signed' }, { status: 'signed' }, { status: 'approved' }] });
    // Every participant hears it is complete.
    expect(
      server.mail
        .filter((message) => message.subject.startsWith('Completed:'))
        .map((message) => message.to)
        .sort(),
    ).toEqual(expect.arrayContaining(['demo.admin@northwindcare.example', 'margaret.ellis@mail.example', 'winston.reed@mail.example']));
  });

  it("lets the second recipient wait their turn, and answers an expired link in the product's words", async () => {
    const token = await admin();
    const template = await makeTemplate(token, await userId(token, 'demo.admin'));
    const sent = await server.call('/send-form', {
      token,
      body: {
        template,
        sequential: false,
        recipients: [
          { name: 'A One', email: 'a.one@mail.example' },
          { name: 'B Two', email: 'b.two@mail.example' },
          { name: 'Olivia Bennett', email: 'demo.admin@northwindcare.example' },
        ],
        values: { item: 'Projector' },
        expires_at: server.clock.now().toISOString().slice(0, 10),
      },
    });
    expect(sent.body.code).toBe(1);
    // In any order, both signers are mailed at once.
    const b = linkFor('b.two@mail.example');
    expect((await signing({ function: 'load', id: b.pageId, token: b.token })).body.data.status).toBe('open');
    server.clock.advance(2 * 24 * 60 * 60_000);
    expect((await signing({ function: 'load', id: b.pageId, token: b.token })).body).toEqual({
      data: null,
      error: 'This signing link has expired. Please ask the sender for a new one.',
    });
  });

  it('is reminded and withdrawn by its sender; a withdrawn link says so', async () => {
    const token = await admin();
    const template = await makeTemplate(token, await userId(token, 'demo.admin'));
    const sent = await server.call('/send-form', {
      token,
      body: {
        template,
        recipients: [
          { name: 'C Three', email: 'c.three@mail.example' },
          { name: 'D Four', email: 'd.four@mail.example' },
          { name: 'Olivia Bennett', email: 'demo.admin@northwindcare.example' },
        ],
        values: { item: 'Laptop' },
      },
    });
    const id = sent.body.id as number;
    const reminded = await server.call('/form-progress', { token, body: { id, action: 'remind' } });
    expect(reminded.body).toMatchObject({
      code: 1,
      message: 'A reminder is being emailed to C Three.',
      progress: { recipients: [{ reminders: 1, next: true }, { status: 'waiting', next: false }, { status: 'waiting' }] },
    });
    expect(server.mail.at(-1)?.subject).toMatch(/^Reminder: /);
    const waiting = await server.call('/form-progress', { token, body: { id, action: 'remind', order: 2 } });
    expect(waiting.body).toMatchObject({ code: -3, message: 'D Four is not waiting to act: there is no one to remind.' });
    const link = linkFor('c.three@mail.example');
    expect((await server.call('/form-progress', { token, body: { id, action: 'withdraw' } })).body.progress.status).toBe('cancelled');
    expect(await signing({ function: 'load', id: link.pageId, token: link.token })).toMatchObject({
      status: 404,
      body: { data: null, error: 'This form was withdrawn by its sender.' },
    });
  });

  it('is sent back from Action Required with a comment, and the sender sees it in the workflow', async () => {
    const token = await admin();
    const template = await makeTemplate(token, await userId(token, 'demo.admin'));
    const sent = await server.call('/send-form', {
      token,
      body: {
        template,
        sequential: false,
        recipients: [
          { name: 'E Five', email: 'e.five@mail.example' },
          { name: 'F Six', email: 'f.six@mail.example' },
          { name: 'Olivia Bennett', email: 'demo.admin@northwindcare.example' },
        ],
        values: { item: 'Laptop' },
      },
    });
    const id = sent.body.id as number;
    const back = await server.call('/pending-form', {
      method: 'GET',
      token,
      query: `disapprove=${id}&comment=${encodeURIComponent('Wrong item: we lend projectors only on Fridays.')}`,
    });
    expect(back.body.data.find((row: Json) => row.id === id)).toBeUndefined();
    const workflow = await server.call('/workflow', { method: 'GET', token, query: 'filters[status]=disapproved' });
    expect(workflow.body.data.find((row: Json) => row.id === id)).toMatchObject({
      status: 'disapproved',
      comment: 'Wrong item: we lend projectors only on Fridays.',
    });
    expect(server.mail.at(-1)).toMatchObject({ to: 'demo.admin@northwindcare.example', subject: expect.stringMatching(/^Sent back: /) });
  });

  it('is refused when the company has no envelope left, and nothing is stored', async () => {
    const token = await admin();
    const template = await makeTemplate(token, await userId(token, 'demo.admin'));
    const [company] = await server.ctx.db.select().from(companies).where(eq(companies.name, 'Northwind Care Ltd'));
    await server.ctx.db
      .update(companies)
      .set({ envelopesUsed: company?.envelopesBought ?? 0 })
      .where(eq(companies.name, 'Northwind Care Ltd'));
    try {
      const refused = await server.call('/send-form', {
        token,
        body: {
          template,
          recipients: [
            { name: 'G', email: 'g@mail.example' },
            { name: 'H', email: 'h@mail.example' },
            { name: 'Olivia Bennett', email: 'demo.admin@northwindcare.example' },
          ],
          values: { item: 'Laptop' },
        },
      });
      expect(refused.body).toEqual({
        code: -4,
        message: 'You have no envelopes left. Buy more in My Account to send this form.',
        id: null,
        reference: '',
        unused: 0,
      });
      expect(
        await server.ctx.db
          .select()
          .from(forms)
          .where(and(eq(forms.templateId, template))),
      ).toEqual([]);
    } finally {
      await server.ctx.db
        .update(companies)
        .set({ envelopesUsed: company?.envelopesUsed ?? 0 })
        .where(eq(companies.name, 'Northwind Care Ltd'));
    }
  });

  it('cannot be seen or reviewed from another organisation', async () => {
    const token = await admin();
    const template = await makeTemplate(token, await userId(token, 'demo.admin'));
    const sent = await server.call('/send-form', {
      token,
      body: {
        template,
        recipients: [
          { name: 'I', email: 'i@mail.example' },
          { name: 'J', email: 'j@mail.example' },
          { name: 'Olivia Bennett', email: 'demo.admin@northwindcare.example' },
        ],
        values: { item: 'Laptop' },
      },
    });
    const grace = (await server.signIn(otherCompany.admin, fixturePassword)).token;
    expect((await server.call('/form-progress', { method: 'GET', token: grace, query: `id=${sent.body.id}` })).status).toBe(404);
    expect((await server.call('/form-progress', { token: grace, body: { id: sent.body.id, action: 'withdraw' } })).status).toBe(404);
    expect((await server.call('/workflow', { method: 'GET', token: grace, query: `id=${sent.body.id}&disapprove=1&comment=no` })).status).toBe(404);
    expect(
      (await server.call('/send-form', { token: grace, body: { template, recipients: [{ name: 'K', email: 'k@mail.example' }] } })).body.code,
    ).toBe(-2);
  });
});

describe('a template filled in by a signed-in person', () => {
  it('becomes a form whose first recipient they are, sent on to the people the template names', async () => {
    const token = await admin();
    const approver = await userId(token, 'amelia.hughes');
    const created = await server.call('/getforms', {
      token,
      body: { functions: 'create', type: 'details', value: { title: 'Mileage Claim', description: 'Claim your mileage.', category: '' } },
    });
    const id = created.body.id as number;
    await server.call('/getforms', {
      token,
      body: {
        functions: 'update',
        id,
        type: 'steps',
        value: {
          sequential: true,
          steps: [
            { label: 'Claimant', action: 'sign' },
            { label: 'Manager', action: 'approve', user_id: approver },
          ],
        },
      },
    });
    await server.call('/getforms', {
      token,
      body: {
        functions: 'update',
        id,
        type: 'fields',
        value: [
          { name: 'miles', label: 'Miles', type: 'number', required: true },
          { name: 'signature', label: 'Signature', type: 'signature', required: true },
        ],
      },
    });
    const basic = (await server.signIn('demo.basic')).token;
    const loaded = await signing({ function: 'load', id: String(id) }, basic);
    expect(loaded.body.data).toMatchObject({ title: 'Mileage Claim', signer: { name: 'Liam Carter', order: 1 }, status: 'open' });
    expect((await signing({ function: 'load', id: String(id) })).body.error).toBe('Please log in to fill in this form.');
    const done = await signing(
      { function: 'submit', consent: true, id: String(id), values: { miles: 42 }, signature: { kind: 'typed', value: 'Liam Carter' } },
      basic,
    );
    expect(done.body.data).toMatchObject({ status: 'signed', completed: false, next: 'Amelia Hughes' });
    expect(server.mail.at(-1)).toMatchObject({ to: 'amelia.hughes@northwindcare.example', subject: expect.stringContaining('review and approve') });
  });
});

describe("a form's reference", () => {
  const numberOf = (reference: string): number => Number(reference.split('-').at(-1));

  async function sendOne(token: string, template: number): Promise<string> {
    const sent = await server.call('/send-form', {
      token,
      body: {
        template,
        recipients: [
          { name: 'A One', email: 'a.one@mail.example' },
          { name: 'B Two', email: 'b.two@mail.example' },
          { name: 'Olivia Bennett', email: 'demo.admin@northwindcare.example' },
        ],
        values: { item: 'Projector' },
      },
    });
    expect(sent.body.code).toBe(1);
    const [row] = await server.database.db
      .select({ reference: forms.reference })
      .from(forms)
      .where(eq(forms.id, sent.body.id as number));
    return row?.reference ?? '';
  }

  /** The reference number the company keeps, and its year. */
  async function kept(companyId: number): Promise<{ year: number | null; last: number }> {
    const [row] = await server.database.db
      .select({ year: companies.referenceYear, last: companies.referenceCount })
      .from(companies)
      .where(eq(companies.id, companyId));
    return { year: row?.year ?? null, last: row?.last ?? -1 };
  }

  it('goes on from the number the company keeps, past a number another way took, and starts again each year', async () => {
    const token = await admin();
    const template = await makeTemplate(token, await userId(token, 'demo.admin'));
    const year = server.clock.now().getUTCFullYear();
    const first = await sendOne(token, template);
    const [initials] = first.split('-');
    expect(first).toMatch(new RegExp(`^${initials}-${year}-\\d{4,}$`));
    const [company] = await server.database.db.select({ id: forms.companyId }).from(forms).where(eq(forms.reference, first));
    const companyId = company?.id ?? 0;
    expect(await kept(companyId)).toEqual({ year, last: numberOf(first) });
    const second = await sendOne(token, template);
    expect(numberOf(second)).toBe(numberOf(first) + 1);

    // The kept number falls behind (a form stored another way took the next): the send finds the
    // number taken, counts the year's forms instead, and keeps the number it took.
    await server.database.db
      .update(companies)
      .set({ referenceCount: numberOf(first) })
      .where(eq(companies.id, companyId));
    const third = await sendOne(token, template);
    expect([first, second]).not.toContain(third);
    expect(await kept(companyId)).toEqual({ year, last: numberOf(third) });
    expect(await sendOne(token, template)).toBe(`${initials}-${year}-${String(numberOf(third) + 1).padStart(4, '0')}`);

    // The first form of the next year is its number 1.
    const now = server.clock.now();
    server.clock.advance(Date.UTC(year + 1, 0, 1, 12) - now.getTime());
    expect(await sendOne(await admin(), template)).toBe(`${initials}-${year + 1}-0001`);
    expect(await kept(companyId)).toEqual({ year: year + 1, last: 1 });
  });
});
