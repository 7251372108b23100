/** The text of a PDF as poppler's `pdftotext` reads it, its spaces and lines made single spaces. */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export function pdfText(bytes: Uint8Array): string {
  const folder = mkdtempSync(join(tmpdir(), 'formsign-pdf-text-'));
  try {
    const file = join(folder, 'read.pdf');
    writeFileSync(file, bytes);
    return execFileSync('pdftotext', [file, '-'], { encoding: 'utf8' }).replace(/\s+/g, ' ');
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}
