/**
 * Calls that take a file larger than the default part size (2 MB) say how large, and what a
 * person reads when a file is larger still.
 */
import type { FastifyInstance } from 'fastify';
import type { OperationId } from '@formsign/sdk/contract';

interface UploadLimit {
  bytes: number;
  tooLarge: string;
}

export const uploadLimits: Partial<Record<OperationId, UploadLimit>> = {
  verifyDocument: { bytes: 25 * 1024 * 1024, tooLarge: 'This file is too large to check: a PDF of at most 25 MB, please.' },
};

/** What a file too large for the call is told. */
export function tooLargeText(operationId: OperationId | undefined): string {
  return (operationId && uploadLimits[operationId]?.tooLarge) || 'The request is too large.';
}

export function installUploadLimits(app: FastifyInstance): void {
  app.addHook('onRoute', (route) => {
    const id = (route.schema as { operationId?: OperationId } | undefined)?.operationId;
    const limit = id ? uploadLimits[id] : undefined;
    if (limit) route.config = { ...(route.config as object), multipartOptions: { limits: { fileSize: limit.bytes, files: 1, fields: 5 } } };
  });
}
