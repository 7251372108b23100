/**
 * Conditional fields, the checks a sender sets, and radio groups, through the contract: a
 * template's save refuses conditions that cannot hold (unknown field, itself, a later place, a
 * circle) and checks that do not fit; a submit is read on the form's own answers so far, so a
 * crafted request can neither skip a shown required field nor change an earlier place's answer
 * to hide one; a hidden field's answer is not kept, and the sealed PDF does not draw it.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { forms } from '../src/db/schema.js';
import { sendSigningForm, submitDrawn } from './support/signing-forms.js';
import { useTestServer } from './support/test-server.js';

const server = useTestServer();

let admin = '';

const fields = [
  { name: 'has_car', label: 'Do you drive to work?', type: 'radio', required: true, options: ['Yes', 'No'] },
  { name: 'plate', label: 'Number plate', type: 'text', required: true, condition: { field: 'has_car', operator: 'equals', value: 'Yes' } },
  {
    name: 'phone',
    label: 'Phone',
    type: 'text',
    required: false,
    validation: { pattern: 'phone', message: 'Give a phone number we can call.' },
  },
  { name: 'miles', label: 'Miles a day', type: 'number', required: false, validation: { min: 1, max: 200 } },
  { name: 'signature', label: 'Signature', type: 'signature', required: true },
  {
    name: 'travel',
    label: 'How do you travel?',
    type: 'text',
    step: 2,
    required: true,
    condition: { field: 'has_car', operator: 'equals', value: 'No' },
  },
  { name: 'witness', label: 'Witness signature', type: 'signature', step: 2, required: true },
];

function saveFields(id: number, value: unknown[], headers: Record<string, string> = {}) {
  return server.call('/getforms', { token: admin, body: { functions: 'update', id, type: 'fields', value }, headers });
}

let template = 0;

beforeAll(async () => {
  admin = (await server.signIn('demo.admin')).token;
  const created = await server.call('/getforms', {
    token: admin,
    body: { functions: 'create', type: 'details', value: { title: 'Parking permit', description: '', category: '' } },
  });
  template = created.body.id as number;
  const steps = await server.call('/getforms', {
    token: admin,
    body: {
      functions: 'update',
      id: template,
      type: 'steps',
      value: {
        sequential: true,
        steps: [
          { label: 'Employee', action: 'sign' },
          { label: 'Witness', action: 'sign' },
        ],
      },
    },
  });
  expect(steps.body.code).toBe(1);
});

describe("a template's conditions and checks", () => {
  it('are refused on an unknown field, on the field itself, on a later place, in a circle, or where they do not fit the type', async () => {
    const refusal = async (value: unknown[]) => (await saveFields(template, value)).body as { code: number; message: string };
    expect(await refusal([{ name: 'a', label: 'A', type: 'text', required: false, condition: { field: 'nowhere', operator: 'filled' } }])).toEqual(
      expect.objectContaining({ code: -1, message: 'The field "A" depends on a field called "nowhere", which the template does not have.' }),
    );
    expect((await refusal([{ name: 'a', label: 'A', type: 'text', required: false, condition: { field: 'a', operator: 'filled' } }])).message).toBe(
      'The field "A" cannot be shown depending on itself: choose another field.',
    );
    expect(
      (
        await refusal([
          { name: 'a', label: 'A', type: 'text', required: false, condition: { field: 'b', operator: 'filled' } },
          { name: 'b', label: 'B', type: 'text', required: false, step: 2 },
        ])
      ).message,
    ).toBe(
      'The field "A" depends on "B", which is answered later in the order: a field can depend only on one answered at the same place or before.',
    );
    expect(
      (
        await refusal([
          { name: 'a', label: 'A', type: 'text', required: false, condition: { field: 'b', operator: 'filled' } },
          { name: 'b', label: 'B', type: 'text', required: false, condition: { field: 'a', operator: 'equals', value: 'x' } },
        ])
      ).message,
    ).toBe('These fields depend on each other in a circle: "A" → "B" → "A". Remove one of the conditions.');
    expect((await refusal([{ name: 'n', label: 'N', type: 'number', required: false, validation: { pattern: 'digits' } }])).message).toBe(
      'The field "N" has a format check, which only short text fields take.',
    );
    expect((await refusal([{ name: 'r', label: 'R', type: 'radio', required: false, options: [' '] }])).message).toBe(
      'The choice field "R" needs at least one choice.',
    );
    expect((await saveFields(template, fields)).body.code).toBe(1);
  });

  it('are refused in the language of the request', async () => {
    const itself = [{ name: 'a', label: 'A', type: 'text', required: false, condition: { field: 'a', operator: 'filled' } }];
    expect((await saveFields(template, itself, { 'accept-language': 'de' })).body).toEqual(
      expect.objectContaining({ code: -1, message: 'Das Feld „A“ kann nicht von sich selbst abhängen: Wählen Sie ein anderes Feld.' }),
    );
    expect(
      (await saveFields(template, [{ name: 'c', label: 'C', type: 'calculated', required: false, formula: 'miles * ' }], { 'accept-language': 'fr' }))
        .body.message,
    ).toMatch(/^La formule de «\sC\s»\s: La formule se termine trop tôt\.$/);
  });
});

describe('a form with conditional and checked fields', () => {
  it('refuses a submit that skips a shown required field or breaks a check, drops hidden answers, and seals only the shown fields', async () => {
    const form = await sendSigningForm(server, admin, {
      template,
      recipients: [
        { name: 'Ed Employee', email: 'ed.employee@mail.example' },
        { name: 'Wyn Witness', email: 'wyn.witness@mail.example' },
      ],
    });
    const [first, second] = form.links;
    if (!first || !second) throw new Error('No links.');
    // A crafted request that leaves out the plate its own answer shows.
    expect((await submitDrawn(server, first, { has_car: 'Yes' })).body).toEqual({ data: null, error: 'Please answer "Number plate".' });
    expect((await submitDrawn(server, first, { has_car: 'Maybe' })).body.error).toBe(
      'Please choose one of the answers offered for "Do you drive to work?".',
    );
    expect((await submitDrawn(server, first, { has_car: 'Yes', plate: 'AB12 CDE', phone: 'call me' })).body.error).toBe(
      '"Phone": Give a phone number we can call.',
    );
    expect((await submitDrawn(server, first, { has_car: 'Yes', plate: 'AB12 CDE', miles: 500 })).body.error).toBe(
      '"Miles a day": Enter a number from 1 to 200.',
    );
    // In the language of the signing page.
    expect((await submitDrawn(server, first, { has_car: 'Yes', plate: 'AB12 CDE', miles: 500 }, { 'accept-language': 'es' })).body.error).toMatch(
      /^«Miles a day»: .*1.*200/,
    );
    // Hidden, the plate sent anyway is not kept.
    const signed = await submitDrawn(server, first, { has_car: 'No', plate: 'HIDDEN-PLATE', phone: '+44 20 7946 0958', miles: 12 });
    expect(signed.body.data).toMatchObject({ status: 'signed', completed: false });
    const [afterFirst] = await server.ctx.db.select().from(forms).where(eq(forms.id, form.id));
    expect(afterFirst?.values).toMatchObject({ has_car: 'No', plate: null, phone: '+44 20 7946 0958', miles: 12 });

    // The second place's field shows on the first place's answer, which the second cannot change.
    expect((await submitDrawn(server, second, { has_car: 'Yes' })).body.error).toBe('Please answer "How do you travel?".');
    expect((await submitDrawn(server, second, { has_car: 'Yes', travel: 'By bicycle' })).body.data).toMatchObject({ completed: true });
    const [done] = await server.ctx.db.select().from(forms).where(eq(forms.id, form.id));
    expect(done?.values).toMatchObject({ has_car: 'No', travel: 'By bicycle' });

    const file = join(mkdtempSync(join(tmpdir(), 'field-rules-')), 'sealed.pdf');
    writeFileSync(file, (await server.ctx.files.get(done?.sealedKey ?? '')) ?? new Uint8Array());
    const text = execFileSync('pdftotext', [file, '-'], { encoding: 'utf8' }).replace(/\s+/g, ' ');
    expect(text).toContain('By bicycle');
    expect(text).toContain('+44 20 7946 0958');
    expect(text).not.toContain('Number plate');
    expect(text).not.toContain('HIDDEN-PLATE');
  });
});

describe('a calculated field', () => {
  it('is refused at save with a formula that does not read, and is worked out by the server, whatever is sent for it', async () => {
    const created = await server.call('/getforms', {
      token: admin,
      body: { functions: 'create', type: 'details', value: { title: 'Mileage claim', description: '', category: '' } },
    });
    const id = created.body.id as number;
    const claim = { name: 'claim', label: 'Claim', type: 'calculated', required: false };
    expect((await saveFields(id, [{ ...claim, formula: 'miles * ' }])).body.message).toBe('The formula of "Claim": The formula ends too soon.');
    const saved = await saveFields(id, [
      { name: 'miles', label: 'Miles', type: 'number', required: true },
      { name: 'rate', label: 'Rate', type: 'number', required: true, step: 0 },
      { ...claim, formula: 'sum(miles, 2) × rate' },
      { name: 'signature', label: 'Signature', type: 'signature', required: true },
    ]);
    expect(saved.body.code).toBe(1);
    const form = await sendSigningForm(server, admin, {
      template: id,
      recipients: [{ name: 'Mo Miles', email: 'mo.miles@mail.example' }],
      values: { rate: 0.45 },
    });
    const [link] = form.links;
    if (!link) throw new Error('No link.');
    expect((await submitDrawn(server, link, { miles: 18, claim: 1_000_000 })).body.data).toMatchObject({ completed: true });
    const [done] = await server.ctx.db.select().from(forms).where(eq(forms.id, form.id));
    expect(done?.values).toMatchObject({ miles: 18, rate: 0.45, claim: 9 });
  });
});
