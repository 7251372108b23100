/**
 * Saving a subtitle track of a tutorial video (administrators): the file is stored first, then
 * the track points to it; the file a track replaced is deleted once the change is made, and
 * the new file when the change fails.
 */
import { randomBytes } from 'node:crypto';
import type { SubtitleTrack } from '@formsign/sdk/contract';
import { recordEvent, type Origin } from '../../audit/audit.js';
import type { Principal } from '../../auth/principal.js';
import type { ServerContext } from '../../context.js';
import { badRequest } from '../../http/errors.js';
import { findTrackForUpdate, findVideo, saveTrack, tracksOf } from './repository.js';
import { parseUpload, trackView, uploadedFileKey } from './subtitles.js';
import { msg } from '#words';

export async function saveSubtitle(
  ctx: Pick<ServerContext, 'db' | 'now' | 'files' | 'log' | 'keys'>,
  principal: Principal,
  data: string,
  origin: Origin,
): Promise<SubtitleTrack[]> {
  const upload = parseUpload(data);
  const video = await findVideo(ctx.db, principal.companyId, upload.video, uploadedFileKey(upload.video));
  if (!video) throw badRequest(msg({ message: 'There is no such tutorial video.' }));
  const key = `subtitles/${principal.companyId}/${video.id}/${upload.srclang}-${randomBytes(6).toString('hex')}.vtt`;
  await ctx.files.put(key, Buffer.from(upload.vtt, 'utf8'), 'text/vtt');
  let replaced: string | null = null;
  try {
    replaced = await ctx.db.transaction(async (tx) => {
      const before = await findTrackForUpdate(tx, principal.companyId, video.url, upload.srclang);
      await saveTrack(tx, {
        companyId: principal.companyId,
        video: video.url,
        label: upload.label,
        srclang: upload.srclang,
        fileKey: key,
        updatedAt: ctx.now(),
      });
      await recordEvent(tx, {
        event: 'subtitle-saved',
        companyId: principal.companyId,
        actor: principal,
        target: `${video.title} (${upload.label})`,
        origin,
        details: { video: video.url, srclang: upload.srclang },
      });
      return before?.fileKey ?? null;
    });
  } catch (error) {
    await ctx.files.delete(key);
    throw error;
  }
  // The file it replaced is no longer served.
  if (replaced)
    await ctx.files.delete(replaced).catch((error: unknown) => ctx.log.warn({ err: error }, 'A replaced subtitle file could not be deleted.'));
  const now = ctx.now();
  return (await tracksOf(ctx.db, principal.companyId, [video.url])).map((track) => trackView(ctx.keys, track, now));
}
