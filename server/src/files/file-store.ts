/**
 * Where files live: uploaded PDFs, attachments, sealed PDFs, subtitle tracks. On disk in
 * `<data>/files` by default; an S3-compatible store when `FORMSIGN_S3_*` is set (several
 * machines then share the files). Keys are paths such as `forms/12/sealed.pdf`.
 */
import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { copyFile, mkdir, open, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { dirname, isAbsolute, join, relative, resolve, sep } from 'node:path';
import { DeleteObjectCommand, GetObjectCommand, HeadObjectCommand, NoSuchKey, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';

/** What a file is now: its length, and a strong entity tag that changes whenever its bytes do. */
export interface FileVersion {
  size: number;
  /** Quoted, as HTTP sends it: `"5e1a-18c2f"`. */
  etag: string;
}

export interface FileStore {
  /** Where files go, for the start-up log. */
  readonly description: string;
  put(key: string, bytes: Uint8Array, mime: string): Promise<void>;
  /** Stores the file at `path` (a large upload) without reading it whole into memory. */
  putFile(key: string, path: string, mime: string): Promise<void>;
  /** The file, or null when there is none. */
  get(key: string): Promise<Buffer | null>;
  /** The file's length and version, or null when there is none; nothing of its bytes is read. */
  stat(key: string): Promise<FileVersion | null>;
  /**
   * Bytes `start` to `end` (both included, within the file) of the file, or null when there is
   * none. Only those bytes are read: a viewer paging through a large PDF costs what it reads.
   */
  getRange(key: string, start: number, end: number): Promise<Buffer | null>;
  delete(key: string): Promise<void>;
}

/** A key of letters, digits, dots, dashes and underscores in slash-separated parts; never `..`. */
export function isValidKey(key: string): boolean {
  return key.length > 0 && key.length <= 300 && key.split('/').every((part) => /^[\w.-]+$/.test(part) && part !== '.' && part !== '..');
}

const missing = (error: unknown): boolean => (error as NodeJS.ErrnoException).code === 'ENOENT';

function checked(key: string): string {
  if (!isValidKey(key)) throw new Error(`Not a file key: ${key}`);
  return key;
}

export function diskFileStore(folder: string): FileStore {
  const root = resolve(folder);
  const pathOf = (key: string): string => {
    const path = resolve(root, checked(key));
    const inside = relative(root, path);
    if (inside.startsWith(`..${sep}`) || isAbsolute(inside)) throw new Error(`Not a file key: ${key}`);
    return path;
  };
  return {
    description: `the folder ${root}`,
    async put(key, bytes) {
      const path = pathOf(key);
      await mkdir(dirname(path), { recursive: true });
      await writeFile(path, bytes);
    },
    async putFile(key, from) {
      const path = pathOf(key);
      await mkdir(dirname(path), { recursive: true });
      await copyFile(from, path);
    },
    async get(key) {
      try {
        return await readFile(pathOf(key));
      } catch (error) {
        if (missing(error)) return null;
        throw error;
      }
    },
    async stat(key) {
      try {
        // Length and change time to the nanosecond: a file written again gets another tag.
        const found = await stat(pathOf(key), { bigint: true });
        return { size: Number(found.size), etag: `"${found.size.toString(16)}-${found.mtimeNs.toString(16)}"` };
      } catch (error) {
        if (missing(error)) return null;
        throw error;
      }
    },
    async getRange(key, start, end) {
      let file;
      try {
        file = await open(pathOf(key), 'r');
      } catch (error) {
        if (missing(error)) return null;
        throw error;
      }
      try {
        const bytes = Buffer.alloc(end - start + 1);
        let read = 0;
        while (read < bytes.length) {
          const { bytesRead } = await file.read(bytes, read, bytes.length - read, start + read);
          if (bytesRead === 0) break;
          read += bytesRead;
        }
        return bytes.subarray(0, read);
      } finally {
        await file.close();
      }
    },
    async delete(key) {
      await rm(pathOf(key), { force: true });
    },
  };
}

/** Files kept in memory (the tests). */
export function memoryFileStore(): FileStore & { keys(): string[] } {
  const files = new Map<string, { bytes: Buffer; etag: string }>();
  return {
    description: 'memory',
    async put(key, bytes) {
      const copy = Buffer.from(bytes);
      files.set(checked(key), { bytes: copy, etag: `"${createHash('sha256').update(copy).digest('hex').slice(0, 32)}"` });
    },
    async putFile(key, path, mime) {
      await this.put(key, await readFile(path), mime);
    },
    async get(key) {
      return files.get(key)?.bytes ?? null;
    },
    async stat(key) {
      const file = files.get(key);
      return file ? { size: file.bytes.length, etag: file.etag } : null;
    },
    async getRange(key, start, end) {
      return files.get(key)?.bytes.subarray(start, end + 1) ?? null;
    },
    async delete(key) {
      files.delete(key);
    },
    keys: () => [...files.keys()],
  };
}

export const defaultFilesFolder = (dataDir: string): string => join(dataDir, 'files');

export interface S3Settings {
  bucket: string;
  /** An S3-compatible service's address (MinIO, Ceph, R2...); AWS itself when absent. */
  endpoint?: string;
  region: string;
  accessKeyId?: string;
  secretAccessKey?: string;
  /** Put before every key, so that one bucket can hold several instances' files. */
  prefix?: string;
}

/**
 * Files in an S3-compatible bucket. With an endpoint, addresses are path-style
 * (`<endpoint>/<bucket>/<key>`), which every S3-compatible service understands. Checksums
 * are sent only where the service requires them: many S3-compatible services do not know
 * the newer ones.
 */
export function s3FileStore(settings: S3Settings): FileStore & { close(): void } {
  const client = new S3Client({
    region: settings.region,
    ...(settings.endpoint ? { endpoint: settings.endpoint, forcePathStyle: true } : {}),
    ...(settings.accessKeyId && settings.secretAccessKey
      ? { credentials: { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey } }
      : {}),
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
  const prefix = settings.prefix ? `${settings.prefix.replace(/\/+$/, '')}/` : '';
  const object = (key: string) => ({ Bucket: settings.bucket, Key: `${prefix}${checked(key)}` });
  const notThere = (error: unknown): boolean =>
    error instanceof NoSuchKey ||
    (error as { name?: string }).name === 'NoSuchKey' ||
    (error as { name?: string }).name === 'NotFound' ||
    (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode === 404;
  return {
    description: `the bucket ${settings.bucket}${settings.endpoint ? ` at ${settings.endpoint}` : ''}${prefix ? `, under ${prefix}` : ''}`,
    async put(key, bytes, mime) {
      await client.send(new PutObjectCommand({ ...object(key), Body: bytes, ContentType: mime }));
    },
    async putFile(key, path, mime) {
      const { size } = await stat(path);
      await client.send(new PutObjectCommand({ ...object(key), Body: createReadStream(path), ContentLength: size, ContentType: mime }));
    },
    async get(key) {
      try {
        const answer = await client.send(new GetObjectCommand(object(key)));
        return answer.Body ? Buffer.from(await answer.Body.transformToByteArray()) : Buffer.alloc(0);
      } catch (error) {
        if (notThere(error)) return null;
        throw error;
      }
    },
    async stat(key) {
      try {
        const head = await client.send(new HeadObjectCommand(object(key)));
        // The bucket's own entity tag (quoted already); a service without one gets the length and date.
        const etag =
          head.ETag && !head.ETag.startsWith('W/')
            ? head.ETag
            : `"${(head.ContentLength ?? 0).toString(16)}-${head.LastModified?.getTime().toString(16) ?? '0'}"`;
        return { size: head.ContentLength ?? 0, etag };
      } catch (error) {
        if (notThere(error)) return null;
        throw error;
      }
    },
    async getRange(key, start, end) {
      try {
        // The bucket sends only these bytes (GetObject's Range).
        const answer = await client.send(new GetObjectCommand({ ...object(key), Range: `bytes=${start}-${end}` }));
        return answer.Body ? Buffer.from(await answer.Body.transformToByteArray()) : Buffer.alloc(0);
      } catch (error) {
        if (notThere(error)) return null;
        throw error;
      }
    },
    async delete(key) {
      await client.send(new DeleteObjectCommand(object(key)));
    },
    close: () => client.destroy(),
  };
}
