/**
 * What a signer gives at their place besides their answers (`signerMarks`): the signature of
 * the signature fields shown, the initials (given once, for every initials field shown) and the
 * organisation's stamp for the stamp fields applied, each checked; and the values those fields
 * keep. A drawn signature or drawn initials is taken only once a file worker has read it as the
 * seal will (`files/drawing-image.ts`): one that does not draw, or claims too large a picture,
 * is refused at signing, in signing's own words, instead of being sealed as "Not signed".
 */
import type { WebSigningRequest } from '@formsign/sdk/contract';
import type { ServerContext } from '../../context.js';
import type { CompanyStamp, FieldDefinition, FieldValue } from '../../db/schema.js';
import { AppErrorCode } from '../../errors/app-error.js';
import { FileWorkRefused } from '../../files/file-work.js';
import { appliedStamps, checkInitials, checkSignature, initialledValue, signingRefusal, signingTexts, type Initials } from './signing-rules.js';
import { msg, type Words } from '#words';
import { say, type Language } from '../../i18n/i18n.js';

interface Mark {
  kind: 'drawn' | 'typed';
  value: string;
}

export const drawnTexts = {
  signatureUnreadable: signingTexts.signatureUnreadable,
  signatureTooLarge: signingTexts.signatureTooLarge,
  busy: msg({ message: 'Many signatures are being read at the moment. Please try again in a minute.' }),
  /** What a signature field keeps when the signature was drawn (said in the form's language). */
  signedBy: msg({ message: 'Signed by {name}' }),
};

async function checkDrawing(
  ctx: Pick<ServerContext, 'fileWork'>,
  mark: Mark | null | undefined,
  texts: { unreadable: Words; tooLarge: Words },
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
async function checkDrawnMarks(ctx: Pick<ServerContext, 'fileWork'>, marks: { signature?: Mark | null; initials?: Mark | null }): Promise<void> {
  await checkDrawing(ctx, marks.signature, { unreadable: drawnTexts.signatureUnreadable, tooLarge: drawnTexts.signatureTooLarge });
  await checkDrawing(ctx, marks.initials, { unreadable: signingTexts.initialsUnreadable, tooLarge: signingTexts.initialsTooLarge });
}

export interface SignerMarks {
  signature: WebSigningRequest['signature'] | undefined;
  initials: Initials | null;
  /** The key of the organisation's stamp applied, if any was. */
  stamped: string | undefined;
  /** What the signature, initials and stamp fields keep: a hidden one nothing. */
  values: Record<string, FieldValue>;
}

export async function signerMarks(
  ctx: Pick<ServerContext, 'fileWork'>,
  given: {
    fields: readonly FieldDefinition[];
    shown: ReadonlySet<string>;
    sent: Readonly<Record<string, FieldValue>> | undefined;
    signature: WebSigningRequest['signature'] | undefined;
    initials: Initials | null | undefined;
    typedSignature: boolean;
    stamp: CompanyStamp | null;
    /** Who signs, as a drawn signature's field says ("Signed by …"). */
    name: string;
    /** The form's language, which the fields' kept words are in. */
    language: Language;
  },
): Promise<SignerMarks> {
  const { fields, shown, signature, name } = given;
  // A signature field its condition hides asks for no signature.
  const signatureFields = fields.filter((field) => field.type === 'signature' && shown.has(field.name));
  checkSignature(signatureFields, signature, given.typedSignature);
  // The initials are given once and go in every initials field shown.
  const initialsFields = fields.filter((field) => field.type === 'initials' && shown.has(field.name));
  const initials = checkInitials(initialsFields, given.initials, given.typedSignature);
  await checkDrawnMarks(ctx, { signature: signatureFields.length > 0 ? signature : null, initials });
  // A stamp field takes the organisation's stamp as it is now, by its key.
  const stamps = appliedStamps(fields, shown, given.sent, given.stamp);
  const values: Record<string, FieldValue> = { ...stamps };
  for (const field of signatureFields)
    values[field.name] = signature
      ? signature.kind === 'typed'
        ? signature.value.trim()
        : say(given.language, drawnTexts.signedBy, { name })
      : null;
  // A hidden initials field keeps nothing, as any hidden field.
  for (const field of fields)
    if (field.type === 'initials') values[field.name] = shown.has(field.name) ? initialledValue(initials, name, given.language) : null;
  return { signature, initials, stamped: Object.values(stamps).find((key): key is string => typeof key === 'string'), values };
}
