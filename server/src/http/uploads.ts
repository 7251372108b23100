/**
 * Files sent in a multipart body. The contract gives a file as a field of binary format; the
 * body the request check and the handler see holds the file's name in its place (so the
 * check reads text, and the NUL guard never scans the file's bytes), and the bytes are kept
 * here for the handler. An operation that takes larger files than the default says how large
 * in `uploadLimits`; a file over its limit arrives cut short and marked `tooLarge`, so the
 * handler can refuse it in its own words.
 */
import type { MultipartFile } from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import type { OperationId } from '@formsign/sdk/contract';

/** The largest file of any other multipart call. */
export const defaultUploadLimit = 2 * 1024 * 1024;

/** The largest file each operation that takes larger ones accepts, in bytes. */
export const uploadLimits: Partial<Record<OperationId, number>> = {
  manageTemplatePdf: 20 * 1024 * 1024,
  verifyDocument: 25 * 1024 * 1024,
  uploadPrepopulationSource: 10 * 1024 * 1024,
};

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
