/**
 * Uploaded files are read off the thread that answers requests, at a bounded cost: the PDF of
 * sixty byte ranges over one large block (which once held the server for ten seconds) gets its
 * verdict while a cheap request is answered first; a template PDF that takes long to read does
 * not hold other requests, and past its time budget, or its worker's memory, it is refused in
 * the product's words; too many files waiting at once are refused as busy; and the file worker loads the way
 * `npm start` runs the server.
 */
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { PDF } from '@libpdf/core';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { templates } from '../src/db/schema.js';
import { fileWork, type FileWork } from '../src/files/file-work.js';
import { verificationTexts } from '../src/sealing/verify.js';
import { useTestServer, type Answer } from './support/test-server.js';

const server = useTestServer();

let standard: FileWork;
let basic = '';
let admin = '';

const texts = {
  verifyTooCostly:
    'This PDF could not be checked: reading it takes more time or memory than one file may take here. Please check the document as you received it.',
  verifyBusy: 'Many documents are being checked at the moment. Please try again in a minute.',
  pdfTooCostly: 'This PDF takes too long to read. Please save it again from your PDF program, or choose another file.',
};

beforeAll(async () => {
  standard = server.ctx.fileWork;
  basic = (await server.signIn('demo.basic')).token;
  admin = (await server.signIn('demo.admin')).token;
  // The cheap request once, so that its first answer's checks are behind it.
  expect((await server.call('/user', { method: 'GET', token: basic })).status).toBe(200);
});

afterEach(async () => {
  if (server.ctx.fileWork !== standard) {
    await server.ctx.fileWork.close();
    server.ctx.fileWork = standard;
  }
});

/**
 * A PDF as the attack built it: one large hex block as a signature's gap, and sixty
 * `/ByteRange` entries pointing at it (each once decoded on the request thread).
 */
function byteRangeBomb(size = 4 * 1024 * 1024, ranges = 60): Buffer {
  const head = '%PDF-1.7\n1 0 obj\n<< /Type /Sig /Contents ';
  // A DER sequence of NULLs as long as the block: every one of them parsed, sixty times over.
  const content = Math.floor((size - 8192) / 4) * 2;
  const hex = `3084${content.toString(16).padStart(8, '0')}${'0500'.repeat(content / 2)}`;
  const gapStart = head.length;
  const gapEnd = gapStart + hex.length + 2;
  // The tail's length is written in a fixed width, then filled in once the file's length is known.
  const entries = Array.from({ length: ranges }, () => `/ByteRange [0 ${gapStart} ${gapEnd} TAIL______]\n`).join('');
  const tail = ` >>\nendobj\n${entries}%%EOF\n`;
  const filled = tail.replaceAll('TAIL______', String(tail.length).padEnd(10, ' '));
  return Buffer.from(`${head}<${hex}>${filled}`, 'latin1');
}

/** A file that starts as a PDF and holds many thousands of objects without a cross-reference table: a reader searches the whole of it. */
function objectSoup(megabytes: number): Buffer {
  const object = (n: number): string => `${n} 0 obj\n<< /A [1 1 1 1 1 ] >>\nendobj\n`;
  const parts = ['%PDF-1.7\n'];
  let length = 0;
  for (let n = 1; length < megabytes * 1024 * 1024; n += 1) {
    const text = object(n);
    parts.push(text);
    length += text.length;
  }
  parts.push('trailer\n<< /Root 1 0 R >>\n%%EOF\n');
  return Buffer.from(parts.join(''), 'latin1');
}

/** A multipart body with one file. */
function multipart(fields: Record<string, string>, file: { name: string; bytes: Buffer }): { payload: Buffer; contentType: string } {
  const boundary = '----formsign-file-work-boundary';
  const parts: Buffer[] = Object.entries(fields).map(([name, value]) =>
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`),
  );
  parts.push(
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.name}"\r\nContent-Type: application/pdf\r\n\r\n`),
    file.bytes,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  );
  return { payload: Buffer.concat(parts), contentType: `multipart/form-data; boundary=${boundary}` };
}

function verify(bytes: Buffer, ip = '203.0.113.77'): Promise<Answer> {
  const { payload, contentType } = multipart({}, { name: 'document.pdf', bytes });
  return server.call('/verify', { payload, contentType, ip });
}

async function newTemplate(title: string): Promise<number> {
  const created = await server.call('/getforms', {
    token: admin,
    body: { functions: 'create', type: 'details', value: { title, description: 'A tenancy agreement.', category: 'Housing' } },
  });
  return created.body.id as number;
}

function uploadPdf(id: number, bytes: Buffer): Promise<Answer> {
  const { payload, contentType } = multipart({ function: 'upload', id: String(id) }, { name: 'agreement.pdf', bytes });
  return server.call('/template-pdf', { token: admin, payload, contentType });
}

/**
 * Sends the heavy request, and the cheap one (the signed-in user's own details) once the heavy
 * one is being read; answers which finished first. The heavy request has reached the reading
 * of its file when the server asks for what it needs just before (its signing certificate, for
 * `/verify`; the template, for `/template-pdf`).
 */
async function raceWithCheap(
  heavy: () => Promise<Answer>,
  onReading: (start: () => void) => () => void,
): Promise<{ order: string[]; heavy: Answer; cheap: Answer }> {
  const order: string[] = [];
  let cheap: Promise<Answer> | null = null;
  const restore = onReading(() => {
    cheap ??= server.call('/user', { method: 'GET', token: basic }).then((answer) => {
      order.push('cheap');
      return answer;
    });
  });
  try {
    const heavyAnswer = await heavy().then((answer) => {
      order.push('heavy');
      return answer;
    });
    const cheapAnswer = await (cheap ?? Promise.reject(new Error('The heavy request never reached its file.')));
    return { order, heavy: heavyAnswer, cheap: cheapAnswer };
  } finally {
    restore();
  }
}

/** Starts the cheap request when `/verify` asks for the signing certificate, just before it reads the file. */
function whenVerifyReads(start: () => void): () => void {
  const signing = server.ctx.signing;
  server.ctx.signing = () => {
    start();
    return signing();
  };
  return () => {
    server.ctx.signing = signing;
  };
}

/** Starts the cheap request when `/template-pdf` looks its template up, just before it reads the file. */
function whenTemplateReads(start: () => void): () => void {
  const select = server.ctx.db.select.bind(server.ctx.db);
  server.ctx.db.select = ((...args: Parameters<typeof select>) => {
    if ((args[0] as Record<string, unknown> | undefined)?.['template'] === templates) start();
    return select(...args);
  }) as typeof select;
  return () => {
    server.ctx.db.select = select;
  };
}

describe('checking a PDF', () => {
  it('answers the PDF of sixty byte ranges over one large block with its verdict, while a cheap request is answered first', async () => {
    // Workers of their own: this file is read by a worker started for it, as after a quiet spell,
    // and must be read within two seconds of work (it once took ten on the request thread).
    server.ctx.fileWork = fileWork({ timeMs: { 'pdf-seals': 2_000 } });
    const bomb = byteRangeBomb();
    const { order, heavy, cheap } = await raceWithCheap(() => verify(bomb), whenVerifyReads);
    expect(heavy).toMatchObject({ status: 200, body: { verdict: 'foreign', message: verificationTexts.foreign.message } });
    expect(cheap).toMatchObject({ status: 200, body: { user: { name: 'demo.basic' } } });
    expect(order).toEqual(['cheap', 'heavy']);
    // Time enough for the request thread to have read it (ten seconds and more), were it read there.
  }, 90_000);

  it('refuses, in words, a PDF that takes longer to check than its budget', async () => {
    server.ctx.fileWork = fileWork({ timeMs: { 'pdf-seals': 1 } });
    const answer = await verify(byteRangeBomb(16 * 1024 * 1024));
    expect(answer).toMatchObject({ status: 400, body: { message: texts.verifyTooCostly } });
    // The next file is read as ever (a worker past its budget is replaced).
    server.ctx.fileWork = standard;
    const plain = PDF.create();
    plain.addPage({ size: 'a4' });
    expect((await verify(Buffer.from(await plain.save()))).body).toMatchObject({ verdict: 'foreign' });
  }, 60_000);

  it('refuses as busy when too many files wait to be read, and says when to try again', async () => {
    server.ctx.fileWork = fileWork({ size: 1, waiting: 1 });
    const bomb = byteRangeBomb(1024 * 1024, 4);
    const answers = await Promise.all([verify(bomb, '203.0.113.81'), verify(bomb, '203.0.113.82'), verify(bomb, '203.0.113.83')]);
    const busy = answers.filter((answer) => answer.status === 503);
    expect(busy.length).toBeGreaterThan(0);
    expect(busy[0]).toMatchObject({ body: { message: texts.verifyBusy }, headers: { 'retry-after': '60' } });
    expect(answers.filter((answer) => answer.status === 200).length).toBeGreaterThan(0);
  }, 60_000);
});

describe('uploading a template’s PDF', () => {
  it('reads a PDF that takes long without holding other requests', async () => {
    const id = await newTemplate('Tenancy agreement (slow PDF)');
    const { order, heavy } = await raceWithCheap(() => uploadPdf(id, objectSoup(8)), whenTemplateReads);
    expect(heavy.body).toMatchObject({ code: -1, template: null });
    expect(order).toEqual(['cheap', 'heavy']);
  }, 60_000);

  it('refuses, in words, a PDF that takes longer to read than its budget, and keeps nothing', async () => {
    const id = await newTemplate('Tenancy agreement (costly PDF)');
    server.ctx.fileWork = fileWork({ timeMs: { 'pdf-pages': 300 } });
    expect((await uploadPdf(id, objectSoup(8))).body).toEqual({ code: -1, message: texts.pdfTooCostly, template: null });
    expect((await server.call('/getform', { token: admin, body: { id } })).body.pdf).toBeNull();
  }, 60_000);

  it('refuses, in words, a PDF whose worker runs out of its memory, and keeps nothing', async () => {
    const id = await newTemplate('Tenancy agreement (memory)');
    // A budget smaller than a worker needs: the worker is ended, the server goes on.
    server.ctx.fileWork = fileWork({ memoryMb: 16 });
    const pdf = PDF.create();
    pdf.addPage({ size: 'a4' });
    expect((await uploadPdf(id, Buffer.from(await pdf.save()))).body).toEqual({ code: -1, message: texts.pdfTooCostly, template: null });
    expect((await server.call('/getform', { token: admin, body: { id } })).body.pdf).toBeNull();
  }, 60_000);
});

describe('the file worker', () => {
  it('loads as npm start runs the server (node with tsx), reads a file and stops', async () => {
    const script = [
      "const { fileWork } = await import('./src/files/file-work.ts');",
      'const work = fileWork();',
      "const answer = await work.run('pdf-seals', { bytes: Buffer.from('%PDF-1.7 a letter'), fingerprint: 'none' });",
      'await work.close();',
      'console.log(JSON.stringify(answer));',
    ].join('\n');
    const { stdout } = await promisify(execFile)(
      process.execPath,
      ['--conditions=@formsign/source', '--import', 'tsx', '--input-type=module', '--eval', script],
      { cwd: new URL('..', import.meta.url).pathname, timeout: 60_000 },
    );
    expect(JSON.parse(stdout)).toEqual({ sha256: expect.stringMatching(/^[0-9a-f]{64}$/), seals: [] });
  }, 60_000);
});
