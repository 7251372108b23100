/**
 * The file stores, one suite for each: the data folder on disk, an S3-compatible bucket
 * (s3rver, an S3 imitation on the disk, speaking the S3 protocol the real services speak) and
 * the tests' memory. Every store keeps the bytes exactly, answers null for a missing file,
 * refuses a key that could leave its place, and deletes. A seal made on the S3 store is kept
 * there and downloads whole.
 */
import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import S3rver from 's3rver';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { forms } from '../src/db/schema.js';
import { diskFileStore, memoryFileStore, s3FileStore, type FileStore } from '../src/files/file-store.js';
import { formSeals } from '../src/modules/forms/seal-input.js';
import { sealForm } from '../src/sealing/seal.js';
import { useTestServer } from './support/test-server.js';

const server = useTestServer();
const folder = mkdtempSync(join(tmpdir(), 'formsign-stores-'));
const bucket = 'formsign-test';
let s3rver: S3rver;
let s3: ReturnType<typeof s3FileStore>;
/** The same bucket seen without the instance's prefix. */
let wholeBucket: ReturnType<typeof s3FileStore>;

beforeAll(async () => {
  s3rver = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory: join(folder, 's3rver'), configureBuckets: [{ name: bucket }] });
  const { port } = await s3rver.run();
  // s3rver's own key pair; the prefix keeps this instance's files apart in the bucket.
  const settings = { bucket, endpoint: `http://127.0.0.1:${port}`, region: 'us-east-1', accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };
  s3 = s3FileStore({ ...settings, prefix: 'instance-1' });
  wholeBucket = s3FileStore(settings);
});

afterAll(async () => {
  s3?.close();
  wholeBucket?.close();
  await s3rver?.close();
  rmSync(folder, { recursive: true, force: true });
});

const sha256 = (bytes: Uint8Array): string => createHash('sha256').update(bytes).digest('hex');
/** Bytes of every value, so that no encoding on the way can pass unnoticed. */
const everyByte = Buffer.from(Array.from({ length: 4096 }, (_, index) => index % 256));

const stores: [string, () => FileStore][] = [
  ['on disk', () => diskFileStore(join(folder, 'files'))],
  ['in an S3-compatible bucket', () => s3],
  ['in memory', () => memoryFileStore()],
];

describe.each(stores)('the file store %s', (_name, make) => {
  let store: FileStore;
  beforeAll(() => {
    store = make();
  });

  it('keeps every byte of a file and gives it back', async () => {
    await store.put('forms/1/sealed-0a1b.pdf', everyByte, 'application/pdf');
    expect(sha256((await store.get('forms/1/sealed-0a1b.pdf')) ?? Buffer.alloc(0))).toBe(sha256(everyByte));
  });

  it('keeps a large file whole (6 MB)', async () => {
    const large = Buffer.alloc(6 * 1024 * 1024, 7);
    large.write('%PDF-1.7', 0);
    await store.put('documents/large.pdf', large, 'application/pdf');
    const back = await store.get('documents/large.pdf');
    expect(back?.length).toBe(large.length);
    expect(sha256(back ?? Buffer.alloc(0))).toBe(sha256(large));
  });

  it('reads only the bytes asked for, and tags each version of a file apart', async () => {
    await store.put('forms/2/template-0c.pdf', everyByte, 'application/pdf');
    const version = await store.stat('forms/2/template-0c.pdf');
    expect(version?.size).toBe(everyByte.length);
    expect(version?.etag).toMatch(/^"[^"]+"$/);
    expect(Buffer.compare((await store.getRange('forms/2/template-0c.pdf', 1000, 1999)) ?? Buffer.alloc(0), everyByte.subarray(1000, 2000))).toBe(0);
    expect((await store.getRange('forms/2/template-0c.pdf', 4095, 4095))?.[0]).toBe(255);
    await store.put('forms/2/template-0c.pdf', everyByte.subarray(0, 100), 'application/pdf');
    const again = await store.stat('forms/2/template-0c.pdf');
    expect(again?.size).toBe(100);
    expect(again?.etag).not.toBe(version?.etag);
    expect(await store.stat('forms/2/none.pdf')).toBeNull();
    expect(await store.getRange('forms/2/none.pdf', 0, 9)).toBeNull();
  });

  it('replaces a file put again under its key', async () => {
    await store.put('subtitles/7/en.vtt', Buffer.from('WEBVTT\n\nfirst'), 'text/vtt');
    await store.put('subtitles/7/en.vtt', Buffer.from('WEBVTT\n\nsecond'), 'text/vtt');
    expect((await store.get('subtitles/7/en.vtt'))?.toString('utf8')).toBe('WEBVTT\n\nsecond');
  });

  it('answers null for a file it does not have, and deletes (a missing file too)', async () => {
    expect(await store.get('forms/404/nothing.pdf')).toBeNull();
    await store.put('forms/2/attachment.png', Buffer.from([0x89, 0x50, 0x4e, 0x47]), 'image/png');
    await store.delete('forms/2/attachment.png');
    expect(await store.get('forms/2/attachment.png')).toBeNull();
    await expect(store.delete('forms/2/attachment.png')).resolves.toBeUndefined();
  });

  it('refuses a key that could leave its place', async () => {
    for (const key of ['../secret', 'forms/../../etc/passwd', '/etc/passwd', 'forms//x', '', 'forms/a b.pdf', `${'a'.repeat(301)}`]) {
      await expect(store.put(key, everyByte, 'application/pdf'), key).rejects.toThrow(/Not a file key/);
    }
  });
});

describe('a seal on the S3-compatible store', () => {
  it('is kept in the bucket, whole, under the key the form records', async () => {
    const [form] = await server.ctx.db.select({ id: forms.id }).from(forms).where(eq(forms.status, 'completed')).limit(1);
    if (!form) throw new Error('The demo has no complete form.');
    await server.ctx.db.update(forms).set({ sealedKey: null, sealedSha256: null, originalSha256: null, sealedAt: null }).where(eq(forms.id, form.id));
    expect(await sealForm({ ...server.ctx, files: s3 }, formSeals, form.id)).toBe('sealed');
    const [sealed] = await server.ctx.db.select({ key: forms.sealedKey, sha: forms.sealedSha256 }).from(forms).where(eq(forms.id, form.id));
    const bytes = await s3.get(sealed?.key ?? '');
    expect(bytes?.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(sha256(bytes ?? Buffer.alloc(0))).toBe(sealed?.sha);
    expect(sha256((await wholeBucket.get(`instance-1/${sealed?.key}`)) ?? Buffer.alloc(0))).toBe(sealed?.sha);
    expect(await wholeBucket.get(sealed?.key ?? '')).toBeNull();
  });
});
