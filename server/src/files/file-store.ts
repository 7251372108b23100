/**
 * Where files live: uploaded PDFs, attachments, sealed PDFs, subtitle tracks. On disk in
 * `<data>/files` by default; an S3-compatible store when `FORMSIGN_S3_*` is set (several
 * machines then share the files). Keys are paths such as `forms/12/sealed.pdf`.
 */
import { createReadStream } from 'node:fs';
import { copyFile, mkdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { dirname, isAbsolute, join, relative, resolve, sep } from 'node:path';
import { DeleteObjectCommand, GetObjectCommand, NoSuchKey, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';

export interface FileStore {
  /** Where files go, for the start-up log. */
  readonly description: string;
  put(key: string, bytes: Uint8Array, mime: string): Promise<void>;
  /** Stores the file at `path` (a large upload) without reading it whole into memory. */
  putFile(key: string, path: string, mime: string): Promise<void>;
  /** The file, or null when there is none. */
  get(key: string): Promise<Buffer | null>;
  delete(key: string): Promise<void>;
}

/** A key of letters, digits, dots, dashes and underscores in slash-separated parts; never `..`. */
export function isValidKey(key: string): boolean {
  return key.length > 0 && key.length <= 300 && key.split('/').every((part) => /^[\w.-]+$/.test(part) && part !== '.' && part !== '..');
}

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
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw error;
      }
    },
    async delete(key) {
      await rm(pathOf(key), { force: true });
    },
  };
}

/** Files kept in memory (the tests). */
export function memoryFileStore(): FileStore & { keys(): string[] } {
  const files = new Map<string, Buffer>();
  return {
    description: 'memory',
    async put(key, bytes) {
      files.set(checked(key), Buffer.from(bytes));
    },
    async putFile(key, path) {
      files.set(checked(key), await readFile(path));
    },
    async get(key) {
      return files.get(key) ?? null;
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
        if (
          error instanceof NoSuchKey ||
          (error as { name?: string }).name === 'NoSuchKey' ||
          (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode === 404
        )
          return null;
        throw error;
      }
    },
    async delete(key) {
      await client.send(new DeleteObjectCommand(object(key)));
    },
    close: () => client.destroy(),
  };
}
