/**
 * The organisation's stamp (`POST /company-stamp`): an administrator uploads, replaces or
 * removes the image its templates' stamp fields are applied with. An image is taken when its
 * bytes are a PNG or a JPEG of at most 1 MB and 2000 × 2000 pixels that draws; it is read in a
 * file worker (`files/stamp-image.ts`). Each image is stored under the organisation and its own
 * checksum and never deleted: a form the stamp was applied to names that key, so replacing or
 * removing the stamp later never changes what the form shows or how it is sealed. The change is
 * recorded in the organisation's trail, as other changes to its settings are.
 */
import type { CompanyStamp as CompanyStampView } from '@formsign/sdk/contract';
import { recordEvent, type Origin } from '../../audit/audit.js';
import { administersCompany, type Principal } from '../../auth/principal.js';
import { companyName, replaceCompanyStamp } from '../../companies/repository.js';
import { stampKey } from '../../companies/stamp.js';
import type { ServerContext } from '../../context.js';
import type { CompanyStamp } from '../../db/schema.js';
import { AppError, AppErrorCode } from '../../errors/app-error.js';
import { FileWorkRefused } from '../../files/file-work.js';
import { signedFileUrl } from '../../files/signed-urls.js';
import { maxStampPixels } from '../../files/image-header.js';
import type { StampImage } from '../../files/stamp-image.js';
import { failureTexts } from '../../http/texts.js';
import { uploadLimits, type UploadedFile } from '../../http/uploads.js';
import { msg, filled, type Words } from '#words';

export const largestStamp = uploadLimits.manageCompanyStamp ?? 1024 * 1024;

export const stampTexts = {
  noFile: msg({ message: 'Please choose the image of the stamp.' }),
  notAnImage: msg({ message: 'The stamp must be a PNG or a JPEG image.' }),
  tooLarge: msg({ message: 'The stamp image is larger than 1 MB. Please choose a smaller file.' }),
  busy: msg({ message: 'Many files are being read at the moment. Please try again in a minute.' }),
  tooCostly: msg({ message: 'This image takes too long to read. Please save it again as a PNG or a JPEG, or choose another file.' }),
  adminsOnly: msg({ message: "Only an administrator can change the organisation's stamp." }),
  tooManyPixels: msg({ message: 'The stamp image is {width} × {height} pixels; it can be at most {most} × {most}.' }),
  saved: msg({ message: "The organisation's stamp has been saved." }),
  removed: msg({ message: "The organisation's stamp has been removed." }),
};

/** A file that cannot be the stamp: 400, in the product's words. */
const refused = (text: Words): AppError => new AppError(AppErrorCode.InvalidInput, text);

export type StampChange = { action: 'upload'; file: UploadedFile | undefined } | { action: 'remove' };

/** The stamp as the contract answers it, with an address of its image that works for an hour. */
export function stampView(ctx: Pick<ServerContext, 'keys' | 'now'>, stamp: CompanyStamp | null): CompanyStampView | null {
  if (!stamp) return null;
  return {
    url: signedFileUrl(ctx.keys, stamp.key, ctx.now(), { name: stamp.key.split('/').pop() ?? 'stamp' }),
    type: stamp.type,
    width: stamp.width,
    height: stamp.height,
    size: stamp.size,
    uploaded_at: stamp.uploadedAt,
  };
}

/** The image sent, read; one that cannot be taken is refused in the product's words. */
async function readStamp(ctx: Pick<ServerContext, 'fileWork'>, file: UploadedFile | undefined): Promise<Extract<StampImage, { kind: 'image' }>> {
  if (!file || file.bytes.length === 0) throw refused(stampTexts.noFile);
  if (file.tooLarge || file.bytes.length > largestStamp) throw refused(stampTexts.tooLarge);
  let image: StampImage;
  try {
    image = await ctx.fileWork.run('stamp-image', { bytes: file.bytes });
  } catch (error) {
    if (error instanceof FileWorkRefused && error.failure === 'busy') throw refused(stampTexts.busy);
    if (error instanceof FileWorkRefused && (error.failure === 'time' || error.failure === 'memory')) throw refused(stampTexts.tooCostly);
    throw error;
  }
  if (image.kind === 'not-an-image') throw refused(stampTexts.notAnImage);
  if (image.kind === 'too-many-pixels')
    throw refused(filled(stampTexts.tooManyPixels, { width: image.width, height: image.height, most: maxStampPixels }));
  return image;
}

/** Uploads (replacing) or removes the organisation's stamp; answers the stamp after it. */
export async function changeCompanyStamp(
  ctx: Pick<ServerContext, 'db' | 'now' | 'files' | 'fileWork'>,
  principal: Principal,
  change: StampChange,
  origin: Origin,
): Promise<CompanyStamp | null> {
  // The contract lets administrators (and personal ones, of a company of one) call it; a super user acts as one.
  if (!administersCompany(principal) && principal.role !== 'personal') throw new AppError(AppErrorCode.Forbidden, stampTexts.adminsOnly);
  let next: CompanyStamp | null = null;
  if (change.action === 'upload') {
    const image = await readStamp(ctx, change.file);
    const bytes = change.file?.bytes ?? Buffer.alloc(0);
    const key = stampKey(principal.companyId, bytes, image.type);
    // Content-addressed: the same image uploaded again lands on the same file, which never changes.
    await ctx.files.put(key, bytes, image.type);
    next = { key, type: image.type, width: image.width, height: image.height, size: bytes.length, uploadedAt: ctx.now().toISOString() };
  }
  return ctx.db.transaction(async (tx) => {
    const replaced = await replaceCompanyStamp(tx, principal.companyId, next);
    if (!replaced) throw new AppError(AppErrorCode.Unauthorized, failureTexts.unauthorized);
    const action = next ? (replaced.before ? 'replaced' : 'uploaded') : 'removed';
    await recordEvent(tx, {
      event: 'company-saved',
      companyId: principal.companyId,
      actor: principal,
      target: (await companyName(tx, principal.companyId)) ?? '',
      origin,
      details: { fields: ['stamp'], stamp: action, file: next?.key ?? null, before: replaced.before?.key ?? null },
    });
    return next;
  });
}
