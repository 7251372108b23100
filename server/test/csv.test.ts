/**
 * Every CSV the server writes (the form database's export, the CSV file an integration
 * delivers) writes its cells through one function, which neutralises a cell a spreadsheet
 * could run as a formula: after any leading spaces or control characters, a first character
 * among = + - @ tab, carriage return and |, or their full-width forms; and a cell holding a
 * field separator followed by one of them (a spreadsheet that splits on ; would read
 * `x;=1+1` as a formula in its second cell). Such a cell is prefixed with an apostrophe and
 * quoted. A number is written as it is, negative or not: a spreadsheet reads it as a number.
 */
import { describe, expect, it } from 'vitest';
import { csvField, csvRecord } from '../src/modules/database/csv.js';
import type { FieldDefinition, FieldValue } from '../src/db/schema.js';
import { createOrganisation, insertForm, insertTemplate, organisationPassword } from './support/form-rows.js';
import { useTestServer } from './support/test-server.js';

const server = useTestServer();

/** What a cell holds, and the field written for it. */
const neutralised: [string, string][] = [
  ['=1+1', `"'=1+1"`],
  ['+1+1', `"'+1+1"`],
  ['-1+1', `"'-1+1"`],
  ['@SUM(A1:A2)', `"'@SUM(A1:A2)"`],
  ['\t=1+1', `"'\t=1+1"`],
  ['\tplain after a tab', `"'\tplain after a tab"`],
  ['\r=1+1', `"'\r=1+1"`],
  ['|calc', `"'|calc"`],
  ["=cmd|' /C calc'!A0", `"'=cmd|' /C calc'!A0"`],
  ['＝1+1', `"'＝1+1"`],
  ['＋1+1', `"'＋1+1"`],
  ['－1+1', `"'－1+1"`],
  ['＠SUM(A1)', `"'＠SUM(A1)"`],
  ['  =1+1', `"'  =1+1"`],
  ['\u00a0=1+1', `"'\u00a0=1+1"`],
  ['\u3000＝1+1', `"'\u3000＝1+1"`],
  ['\n=1+1', `"'\n=1+1"`],
  ['\u0000=1+1', `"'\u0000=1+1"`],
  ['x;=1+1', `"'x;=1+1"`],
  ['x; =1+1', `"'x; =1+1"`],
  ['x,=1+1', `"'x,=1+1"`],
  ['x\t=1+1', `"'x\t=1+1"`],
  ['x\t-2+3', `"'x\t-2+3"`],
  ['x;|calc', `"'x;|calc"`],
  ['x;＝1+1', `"'x;＝1+1"`],
  ['note\n@cmd', `"'note\n@cmd"`],
  ['=HYPERLINK("http://evil.example","click")', `"'=HYPERLINK(""http://evil.example"",""click"")"`],
  ['-', `"'-"`],
];

/** Ordinary values, written as they are (quoted only when they hold a comma, a quote or a line break). */
const ordinary: [FieldValue | undefined, string][] = [
  ['Amelia Hughes', 'Amelia Hughes'],
  ['', ''],
  [null, ''],
  [undefined, ''],
  [37, '37'],
  [-12.5, '-12.5'],
  [-3, '-3'],
  [1e-7, '1e-7'],
  [true, 'true'],
  ['-12.5', '-12.5'],
  ['+44', '+44'],
  ['2026-01-04', '2026-01-04'],
  ['a-b', 'a-b'],
  ['user@example.com', 'user@example.com'],
  ['1 + 1 = 2', '1 + 1 = 2'],
  ['Covered a shift, "late"', '"Covered a shift, ""late"""'],
  ['two\nlines', '"two\nlines"'],
  ['x; y', 'x; y'],
];

describe('a CSV cell', () => {
  it.each(neutralised)('%j that a spreadsheet could run is neutralised: %s', (value, written) => {
    expect(csvField(value)).toBe(written);
  });

  it.each(ordinary)('%j is written as it is: %s', (value, written) => {
    expect(csvField(value)).toBe(written);
  });

  it('is neutralised in a record too, each cell on its own', () => {
    expect(csvRecord(['x;=1+1', 'plain', -4, '|calc'])).toBe(`"'x;=1+1",plain,-4,"'|calc"\r\n`);
  });
});

describe('the exported form database', () => {
  it('neutralises every formula-like answer and keeps numbers as numbers', async () => {
    const db = server.ctx.db;
    const { companyId } = await createOrganisation(db, server.ctx.passwords, 'Ledger Lane Ltd', 'ledger');
    const fields: FieldDefinition[] = [
      { name: 'note', label: 'Note', type: 'text', required: false },
      { name: 'amount', label: 'Amount', type: 'number', required: false },
    ];
    const templateId = await insertTemplate(db, companyId, 'Expenses', fields);
    const cases: [FieldValue, FieldValue][] = [
      ['x;=1+1', -12],
      ['＝1+1', 3.5],
      ['|calc', -0.25],
      ['\t=1+1', 7],
      ['x\t-2+3', 0],
      ['ordinary words', -1],
    ];
    for (const [i, [note, amount]] of cases.entries()) {
      const completedAt = new Date(Date.UTC(2026, 0, 10 + i));
      await insertForm(db, {
        companyId,
        templateId,
        reference: `LL-${i}`,
        title: 'Expenses',
        status: 'completed',
        sentAt: completedAt,
        completedAt,
        values: { note, amount },
      });
    }
    const token = (await server.signIn('ledger.admin', organisationPassword)).token;
    const answer = await server.call('/get-exports', {
      method: 'GET',
      token,
      query: `filters[template]=${templateId}&filters[sort]=reference&filters[order]=asc`,
    });
    expect(answer.status).toBe(200);
    const records = answer.text.split('\r\n').slice(1, -1);
    expect(records.map((record) => record.slice(record.indexOf('Z,') + 2))).toEqual([
      `"'x;=1+1",-12`,
      `"'＝1+1",3.5`,
      `"'|calc",-0.25`,
      `"'\t=1+1",7`,
      `"'x\t-2+3",0`,
      'ordinary words,-1',
    ]);
  });
});
