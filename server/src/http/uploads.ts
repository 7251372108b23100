/**
 * Files sent in a multipart body. The contract gives a file as a field of binary format; the
 * body the request check and the handler see holds the file's name in its place (so the
 * check reads text, and the NUL guard never scans the file's bytes), and the bytes are kept
 * here for the handler. An operation that takes larger files than the default says how large
 * in `uploadLimits`; a file over its limit arrives cut short and marked `tooLarge`, so the
 * handler can refuse it in its own words.
 */
import { createWriteStream } from 'node:fs';
import { mkdir, mkdtemp, open, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { MultipartFile } from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import type { OperationId } from '@formsign/sdk/contract';

/** The largest file of any other multipart call. */
export const defaultUploadLimit = 2 * 1024 * 1024;

/** The largest file each operation that takes larger ones accepts, in bytes. */
export const uploadLimits: Partial<Record<OperationId, number>> = {
  manageTemplatePdf: 20 * 1024 * 1024,
  verifyDocument: 25 * 1024 * 1024,
  manageTutorial: 200 * 1024 * 1024,
  uploadPrepopulationSource: 10 * 1024 * 1024,
  startBulkSend: 5 * 1024 * 1024,
  manageCompanyStamp: 1024 * 1024,
};

/**
 * The operations whose files are written to a temporary file as they arrive, never held in
 * memory: a 200 MB video would otherwise take 200 MB of the server's memory per upload. The
 * file is removed once the answer is sent.
 */
export const streamedUploads: ReadonlySet<OperationId> = new Set<OperationId>(['manageTutorial']);

/** A file written to disk as it arrived (`streamedUploads`). */
export interface StreamedFile {
  name: string;
  type: string;
  /** Where it is, until the answer is sent. */
  path: string;
  size: number;
  /** It was larger than the operation takes: the file holds its start only. */
  tooLarge: boolean;
  /** Its first bytes (at most 64), to tell its type by. */
  head: Buffer;
}

const streamed = new WeakMap<FastifyRequest, Map<string, StreamedFile>>();

export interface UploadedFile {
  /** The name it was chosen with (may be empty). */
  name: string;
  type: string;
  bytes: Buffer;
  /** It was larger than the operation takes: `bytes` holds its start only. */
  tooLarge: boolean;
}

const uploaded = new WeakMap<FastifyRequest, Map<string, UploadedFile>>();

/** `@fastify/multipart`'s `onFile`: reads a file part, keeps it, and leaves its name in the body. */
export async function keepUploadedFile(this: FastifyRequest, part: MultipartFile): Promise<void> {
  const id = (this.routeOptions.schema as { operationId?: OperationId } | undefined)?.operationId;
  if (id && streamedUploads.has(id)) {
    await streamUploadedFile(this, part);
    return;
  }
  const bytes = await part.toBuffer();
  const files = uploaded.get(this) ?? new Map<string, UploadedFile>();
  files.set(part.fieldname, { name: part.filename, type: part.mimetype, bytes, tooLarge: part.file.truncated });
  uploaded.set(this, files);
  (part as MultipartFile & { value?: string }).value = part.filename || part.fieldname;
}

/** The file a request sent in `field`, if any. */
export function uploadedFile(request: FastifyRequest, field: string): UploadedFile | undefined {
  return uploaded.get(request)?.get(field);
}

/** The multipart options of an operation's route: its own file limit, where it has one. */
export function multipartOptionsOf(id: OperationId | undefined): { limits: { fileSize: number }; throwFileSizeLimit: false } | undefined {
  const limit = id ? uploadLimits[id] : undefined;
  return limit === undefined ? undefined : { limits: { fileSize: limit }, throwFileSizeLimit: false };
}

/** Where this process writes uploads as they arrive: a folder of its own in the system's temporary folder. */
export const uploadsFolderPath = (): string => join(tmpdir(), `formsign-uploads-${process.pid}`);

async function uploadsFolder(): Promise<string> {
  const path = uploadsFolderPath();
  await mkdir(path, { recursive: true });
  return path;
}

async function streamUploadedFile(request: FastifyRequest, part: MultipartFile): Promise<void> {
  const folder = await mkdtemp(join(await uploadsFolder(), 'upload-'));
  const path = join(folder, 'file');
  const files = streamed.get(request) ?? new Map<string, StreamedFile>();
  // Noted before it is written, so that a failed upload's file is removed too.
  const file: StreamedFile = { name: part.filename, type: part.mimetype, path, size: 0, tooLarge: false, head: Buffer.alloc(0) };
  files.set(part.fieldname, file);
  streamed.set(request, files);
  await pipeline(part.file, createWriteStream(path));
  file.tooLarge = part.file.truncated;
  const handle = await open(path, 'r');
  try {
    file.size = (await handle.stat()).size;
    const head = Buffer.alloc(64);
    const { bytesRead } = await handle.read(head, 0, 64, 0);
    file.head = head.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
  (part as MultipartFile & { value?: string }).value = part.filename || part.fieldname;
}

/** The file a request of a `streamedUploads` operation sent in `field`, if any. */
export function streamedFile(request: FastifyRequest, field: string): StreamedFile | undefined {
  return streamed.get(request)?.get(field);
}

/** Removes the temporary files of a request (an `onResponse` hook). */
export async function removeStreamedFiles(request: FastifyRequest): Promise<void> {
  const files = streamed.get(request);
  if (!files) return;
  streamed.delete(request);
  await Promise.all([...files.values()].map((file) => rm(join(file.path, '..'), { recursive: true, force: true })));
}
