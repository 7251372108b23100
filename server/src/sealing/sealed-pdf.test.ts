/**
 * A sealed PDF is signed with the bundle it is given: the thread keeps the last bundle's signer
 * open, and a different bundle (or password) seals with its own certificate, as poppler reads it.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { makeInstanceCertificates } from './certificates.js';
import type { RenderInput } from './render.js';
import { sealedPdf } from './sealed-pdf.js';

const folder = mkdtempSync(join(tmpdir(), 'formsign-sealed-pdf-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

const at = new Date('2026-11-20T10:15:00Z');
const render: RenderInput = {
  language: 'en',
  reference: 'NWC-2026-0100',
  title: 'Key handover',
  template: 'Key handover',
  company: 'Northwind Care',
  sender: 'Olivia Bennett',
  sentAt: at,
  completedAt: at,
  fields: [{ name: 'note', label: 'Note', type: 'text', required: false }],
  values: { note: 'Two keys' },
  recipients: [],
  events: [{ at, event: 'created', actor: 'Olivia Bennett', ip: '' }],
  templatePdf: null,
  sealedBy: { commonName: 'sealing', fingerprint: 'ab12' },
  verifyUrl: 'https://formsign.example/verify',
  dates: { format: 'DD/MM/YYYY', timeZone: 'Europe/London' },
};

/** The common name of the certificate that signed the PDF, and whether poppler finds the signature valid. */
function signedBy(bytes: Uint8Array, name: string): { commonName: string | undefined; valid: boolean } {
  const file = join(folder, name);
  writeFileSync(file, bytes);
  const check = execFileSync('pdfsig', [file], { encoding: 'utf8' });
  return { commonName: /Signer Certificate Common Name: (.+)/.exec(check)?.[1], valid: check.includes('Signature Validation: Signature is Valid.') };
}

describe('sealedPdf', () => {
  it('signs with the bundle it is given, one after another', async () => {
    const north = makeInstanceCertificates('Northwind');
    const south = makeInstanceCertificates('Southwind');
    const tools = { fetch };
    const seal = (bundle: typeof north, password = bundle.password) =>
      sealedPdf({ render, p12: bundle.p12, password, reason: 'Sealed', location: 'formsign', tsaUrl: null }, tools);
    const names: (string | undefined)[] = [];
    for (const [index, bundle] of [north, north, south, north].entries()) {
      const sealed = signedBy((await seal(bundle)).bytes, `${index}.pdf`);
      expect(sealed.valid).toBe(true);
      names.push(sealed.commonName);
    }
    expect(names).toEqual(['Northwind document sealing', 'Northwind document sealing', 'Southwind document sealing', 'Northwind document sealing']);
    // The same bundle with a wrong password is not the bundle that was opened.
    await expect(seal(north, 'not-the-password')).rejects.toThrow();
    expect(signedBy((await seal(north)).bytes, 'again.pdf').commonName).toBe('Northwind document sealing');
  });
});
