/**
 * What the journeys against the real server share: signing in through the login page, reading
 * the mail the server wrote to its outbox (to follow an invitation or reset link, as the person
 * who received it would), making a template, and signing a form and reading its sealed PDF.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createHmac } from 'node:crypto';
import { expect, type Locator, type Page } from '@playwright/test';
import { simpleParser } from 'mailparser';
import { e2eServerData } from './settings.ts';

export const demoPassword = 'formsign-demo';

export async function logIn(page: Page, name: string, password = demoPassword): Promise<void> {
  await page.goto('/login');
  await page.getByLabel('Name').fill(name);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Log In' }).click();
}

export async function signIn(page: Page, name: string, password = demoPassword): Promise<void> {
  await logIn(page, name, password);
  await expect(page.getByRole('navigation', { name: 'Main menu' })).toBeVisible();
}

export interface Mail {
  to: string;
  subject: string;
  text: string;
  /** The files sent with it. */
  attachments: { filename: string; contentType: string; content: Buffer }[];
}

async function readOutbox(data: string): Promise<Mail[]> {
  const folder = join(data, 'outbox');
  const files = (await readdir(folder).catch(() => [])).filter((file) => file.endsWith('.eml')).sort();
  return Promise.all(
    files.map(async (file) => {
      const parsed = await simpleParser(await readFile(join(folder, file)));
      const to = Array.isArray(parsed.to) ? parsed.to[0]?.text : parsed.to?.text;
      const attachments = parsed.attachments.map((file) => ({ filename: file.filename ?? '', contentType: file.contentType, content: file.content }));
      return { to: to ?? '', subject: parsed.subject ?? '', text: parsed.text ?? '', attachments };
    }),
  );
}

/** The newest mail to `to` (with a subject like `subject`), waiting for one; a mail other than `besides` when given (a second mail of the same kind). */
export function mailTo(to: string, subject?: RegExp, besides?: Mail): Promise<Mail> {
  return mailIn(e2eServerData, to, subject, besides);
}

/** `mailTo` in the outbox of the server keeping its data in `data`. */
export async function mailIn(data: string, to: string, subject?: RegExp, besides?: Mail): Promise<Mail> {
  let found: Mail | undefined;
  await expect
    .poll(
      async () => {
        const all = await readOutbox(data);
        found = all
          .filter((mail) => mail.to.toLowerCase().includes(to.toLowerCase()) && (!subject || subject.test(mail.subject)))
          .filter((mail) => !besides || mail.text !== besides.text)
          .at(-1);
        return found !== undefined;
      },
      { timeout: 10_000 },
    )
    .toBe(true);
  if (!found) throw new Error(`No mail to ${to}`);
  return found;
}

/** The first link of a message, as a path of the app. */
export function linkIn(mail: Mail): string {
  const link = /https?:\/\/\S+/.exec(mail.text)?.[0];
  if (!link) throw new Error(`No link in the mail "${mail.subject}"`);
  const url = new URL(link);
  return url.pathname + url.search;
}

/** The 6-digit code an authenticator app shows for a base32 secret now (RFC 6238). */
export function authenticatorCode(secret: string, at = Date.now()): string {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
  let bits = '';
  for (const char of secret.replace(/\s+/g, '').toUpperCase()) bits += alphabet.indexOf(char).toString(2).padStart(5, '0');
  const key = Buffer.from(bits.match(/.{8}/g)?.map((byte) => parseInt(byte, 2)) ?? []);
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(Math.floor(at / 30_000)));
  const mac = createHmac('sha1', key).update(counter).digest();
  const offset = (mac[mac.length - 1] ?? 0) & 15;
  return String((mac.readUInt32BE(offset) & 0x7fffffff) % 1_000_000).padStart(6, '0');
}

/**
 * A field of a template made through its editor: its label, and where not the defaults its
 * type, who answers it (`'0'`: the sender), whether it is required, and any further settings
 * made in its card (`settings`: choices, when it is shown, checks on its answer).
 */
export interface TemplateField {
  label: string;
  type?: string;
  answeredBy?: string;
  required?: boolean;
  settings?: (card: Locator) => Promise<void>;
}

/**
 * Makes a template through the editor's three steps: its title, its fields, then one signing
 * place, with what the place asks (`opensWith`: what its link asks for before the form opens, as
 * the step's choice reads; `mayHandOn`: its signer may hand the form on to someone else) and,
 * when `copyPlace` is given, a place with that label that receives a copy.
 */
export async function makeTemplate(
  page: Page,
  title: string,
  fields: TemplateField[],
  place: string,
  { opensWith, mayHandOn = false, copyPlace }: { opensWith?: string; mayHandOn?: boolean; copyPlace?: string } = {},
): Promise<void> {
  await page.goto('/template/edit/new/step1');
  await page.getByLabel('Title').fill(title);
  await page.getByRole('button', { name: 'Save and continue to fields' }).click();
  await expect(page).toHaveURL(/\/step2$/);
  for (const [index, field] of fields.entries()) {
    await page.getByRole('button', { name: '+ Add a field' }).click();
    await page.getByLabel('Label').nth(index).fill(field.label);
    if (field.type) await page.getByLabel('Type').nth(index).selectOption(field.type);
    if (field.answeredBy) await page.getByLabel('Answered by').nth(index).selectOption(field.answeredBy);
    if (field.required) await page.getByLabel('Required').nth(index).check();
    if (field.settings) await field.settings(page.getByRole('list', { name: 'Fields of the template' }).getByRole('listitem').nth(index));
  }
  await page.getByRole('button', { name: 'Save and continue to recipients' }).click();
  await expect(page).toHaveURL(/\/step3$/);
  await page.getByLabel('Place 1: label').fill(place);
  if (opensWith) await page.getByLabel('Opens the form with').selectOption({ label: opensWith });
  if (mayHandOn) await page.getByLabel('They may hand the form on to someone else (with a reason)').check();
  if (copyPlace) {
    await page.getByRole('button', { name: '+ Add someone who receives a copy' }).click();
    await page.getByLabel('Place 2: label').fill(copyPlace);
    await expect(page.getByLabel('What they do').nth(1)).toHaveValue('copy');
  }
  await page.getByRole('button', { name: 'Save the template' }).click();
  await expect(page).toHaveURL(/\/template$/);
}

/** A PDF's text as poppler's pdftotext reads it, each run of white space one space. */
export function pdfText(bytes: Buffer): string {
  const folder = mkdtempSync(join(tmpdir(), 'formsign-sealed-'));
  try {
    writeFileSync(join(folder, 'sealed.pdf'), bytes);
    return execFileSync('pdftotext', [join(folder, 'sealed.pdf'), '-'], { encoding: 'utf8' }).replace(/\s+/g, ' ');
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}

/**
 * Signs the form open on a signing page with a typed name, agreeing that the signature is
 * binding, and returns the text of the sealed PDF the last page offers to download.
 */
export async function signAndReadSeal(page: Page, name: string): Promise<string> {
  await page.getByLabel('Your full name, as your signature').fill(name);
  await page.getByRole('button', { name: 'Finish', exact: true }).click();
  await page.getByLabel('By signing, I agree that my electronic signature is legally binding').check();
  await page.getByRole('button', { name: 'Sign and send' }).click();
  const download = page.getByRole('link', { name: 'Download the signed PDF' });
  await expect(download).toBeVisible({ timeout: 30_000 });
  return pdfText(await (await page.request.get((await download.getAttribute('href')) ?? '')).body());
}
