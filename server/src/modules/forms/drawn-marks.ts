/**
 * A drawn signature or drawn initials is taken only once a file worker has read it as the seal
 * will (`files/drawing-image.ts`): one that does not draw, or claims too large a picture, is
 * refused at signing, in signing's own words, instead of being sealed as "Not signed".
 */
import type { ServerContext } from '../../context.js';
import { AppErrorCode } from '../../errors/app-error.js';
import { FileWorkRefused } from '../../files/file-work.js';
import { signingRefusal, signingTexts } from './signing-rules.js';

interface Mark {
  kind: 'drawn' | 'typed';
  value: string;
}

export const drawnTexts = {
  signatureUnreadable: 'The drawn signature could not be read. Please draw it again.',
  signatureTooLarge: 'The drawn signature is too large. Please draw it again.',
  busy: 'Many signatures are being read at the moment. Please try again in a minute.',
} as const;

async function checkDrawing(
  ctx: Pick<ServerContext, 'fileWork'>,
  mark: Mark | null | undefined,
  texts: { unreadable: string; tooLarge: string },
): Promise<void> {
  if (mark?.kind !== 'drawn') return;
  const base64 = /^data:image\/png;base64,([A-Za-z0-9+/=]+)$/.exec(mark.value)?.[1];
  if (!base64) throw signingRefusal(texts.unreadable);
  let read;
  try {
    // Waits for a free worker, as a job does: a signer about to sign is not sent away for others signing at once.
    read = await ctx.fileWork.run('drawing-image', { bytes: Buffer.from(base64, 'base64') }, { wait: true });
  } catch (error) {
    if (error instanceof FileWorkRefused && error.failure === 'busy') throw signingRefusal(drawnTexts.busy, AppErrorCode.Unavailable);
    if (error instanceof FileWorkRefused) throw signingRefusal(texts.tooLarge);
    throw error;
  }
  if (read.kind === 'unreadable') throw signingRefusal(texts.unreadable);
  if (read.kind === 'too-large') throw signingRefusal(texts.tooLarge);
}

/** Refuses a drawn signature or drawn initials the seal could not draw. */
export async function checkDrawnMarks(
  ctx: Pick<ServerContext, 'fileWork'>,
  marks: { signature?: Mark | null; initials?: Mark | null },
): Promise<void> {
  await checkDrawing(ctx, marks.signature, { unreadable: drawnTexts.signatureUnreadable, tooLarge: drawnTexts.signatureTooLarge });
  await checkDrawing(ctx, marks.initials, { unreadable: signingTexts.initialsUnreadable, tooLarge: signingTexts.initialsTooLarge });
}
