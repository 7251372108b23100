/**
 * The SDK README's API-key examples, run as written in Node against a real server listening
 * on a port: the code of each `ts` block that exports a function is written out as a module,
 * imported, and called with a client made with `apiKey` (global fetch, no XSRF pair). A form
 * is sent to a list of people, one of them signs through the mailed link while the example
 * polls, and the sealed PDF it saves is a PDF.
 */
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createFormsignClient, type FormProgress, type FormsignClient } from '@formsign/sdk';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { linksOf } from './support/signing-forms.js';
import { useTestServer } from './support/test-server.js';

const server = useTestServer();

const readme = readFileSync(fileURLToPath(new URL('../../sdk/README.md', import.meta.url)), 'utf8');
const runnable = [...readme.matchAll(/```ts\n([\s\S]*?)```/g)]
  .map((match) => match[1] ?? '')
  .filter((code) => code.includes('export async function'));
const folder = fileURLToPath(new URL(`./.readme-examples-${process.pid}/`, import.meta.url));

interface Examples {
  sendToEach(client: FormsignClient, title: string, people: { name: string; email: string }[]): Promise<number[]>;
  waitUntilSealed(client: FormsignClient, id: number, everyMs?: number): Promise<FormProgress>;
  saveSealedPdf(client: FormsignClient, progress: FormProgress, path: string): Promise<void>;
}

let examples: Examples;
let baseUrl = '';

beforeAll(async () => {
  mkdirSync(folder, { recursive: true });
  const modules = await Promise.all(
    runnable.map((code, index) => {
      const file = join(folder, `example-${index + 1}.ts`);
      writeFileSync(file, code);
      return import(file) as Promise<Partial<Examples>>;
    }),
  );
  examples = Object.assign({}, ...modules) as Examples;
  baseUrl = `${await server.app.listen({ port: 0, host: '127.0.0.1' })}/api`;
});

afterAll(() => rmSync(folder, { recursive: true, force: true }));

it('sends a form to each person, waits until one is sealed, and saves its sealed PDF, with an API key', async () => {
  expect(runnable).toHaveLength(3);
  const { token } = await server.signIn('demo.admin');
  const made = await server.call('/api-keys', { token, body: { name: 'README examples', role: 'admin' } });
  const client = createFormsignClient({ baseUrl, apiKey: made.body.secret as string });

  const people = [
    { name: 'Zoë Ashford', email: 'zoe.ashford.sdk@mail.example' },
    { name: 'Rafael Lima', email: 'rafael.lima.sdk@mail.example' },
  ];
  const ids = await examples.sendToEach(client, 'Risk Assessment', people);
  expect(ids).toHaveLength(2);
  await server.flushJobs();

  // The example polls while the first person signs through their link.
  const sealed = examples.waitUntilSealed(client, ids[0] ?? 0, 20);
  const [link] = await linksOf(server, ids[0] ?? 0);
  if (!link) throw new Error('The form has no signing link.');
  await server.call('/websigning', { body: { function: 'load', id: link.pageId, token: link.token } });
  const signed = await server.call('/websigning', {
    body: {
      function: 'submit',
      consent: true,
      id: link.pageId,
      token: link.token,
      values: { hazard: 'Loose cable in the office', site: 'Elm Court', likelihood: 'Likely', score: 9 },
      signature: { kind: 'typed', value: 'Zoë Ashford' },
    },
  });
  expect(signed.body.data).toMatchObject({ completed: true });
  const progress = await sealed;
  expect(progress).toMatchObject({ id: ids[0], status: 'completed', pdf: expect.any(String) });

  const path = join(folder, 'sealed.pdf');
  await examples.saveSealedPdf(client, progress, path);
  const pdf = await readFile(path);
  expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  expect(pdf.toString('latin1')).toContain('/ETSI.CAdES.detached');
}, 60_000);
