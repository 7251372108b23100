/**
 * Subtitle tracks a company saves for the tutorial videos: WebVTT files kept in the file
 * store, one per video and language (saving a language again replaces its file), served to
 * the videos' `<track>` elements by signed address.
 */
import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { recordEvent, type Origin } from '../../audit/audit.js';
import type { Principal } from '../../auth/principal.js';
import type { Keys } from '../../auth/keys.js';
import type { ServerContext } from '../../context.js';
import { subtitleTracks } from '../../db/schema.js';
import { signedFileUrl } from '../../files/signed-urls.js';
import { badRequest } from '../../http/errors.js';
import { findTrackForUpdate, findVideo, tracksOf, type TrackRecord } from './repository.js';
import type { SubtitleTrack } from '@formsign/sdk/contract';

/** Tracks are served for a day: long enough for any page view, a video left paused included. */
export const trackLinkSeconds = 24 * 60 * 60;
/** The largest WebVTT file taken. */
export const largestTrack = 512 * 1024;

export function trackView(keys: Keys, track: TrackRecord, now: Date): SubtitleTrack {
  return { label: track.label, srclang: track.srclang, src: signedFileUrl(keys, track.fileKey, now, { seconds: trackLinkSeconds }) };
}

/** A language tag (`en`, `de`, `pt-BR`) written the usual way, or null when it is not one. */
export function languageTag(text: string): string | null {
  const match = /^([a-z]{2,3})((?:-[a-z0-9]{2,8}){0,3})$/i.exec(text.trim());
  if (!match) return null;
  const rest = (match[2] ?? '')
    .split('-')
    .filter(Boolean)
    .map((part) => (part.length === 2 ? part.toUpperCase() : part.toLowerCase()));
  return [(match[1] ?? '').toLowerCase(), ...rest].join('-');
}

/** Whether a text is a WebVTT file: it starts with `WEBVTT` (after an optional byte order mark), alone or followed by a space or a line end. */
export function isWebVtt(text: string): boolean {
  return /^\uFEFF?WEBVTT(?:[ \t]|\r?\n|\r|$)/.test(text);
}

interface TrackUpload {
  video: string;
  label: string;
  srclang: string;
  vtt: string;
}

/** The track the `data` field describes, or a bad request that says what is wrong. */
export function parseUpload(data: string): TrackUpload {
  let value: unknown;
  try {
    value = JSON.parse(data);
  } catch {
    throw badRequest('The subtitle track could not be read.');
  }
  const track = (typeof value === 'object' && value !== null ? value : {}) as Record<string, unknown>;
  const { video, label, srclang, vtt } = track;
  if (typeof video !== 'string' || !video.trim()) throw badRequest('Please choose the video the subtitles are for.');
  if (typeof label !== 'string' || !label.trim() || label.trim().length > 100) throw badRequest('Please give the subtitles a name of up to 100 characters, such as English.');
  const tag = typeof srclang === 'string' ? languageTag(srclang) : null;
  if (!tag) throw badRequest('Please give the language of the subtitles as a code, such as en or de.');
  if (typeof vtt !== 'string' || !isWebVtt(vtt)) throw badRequest('The subtitles must be a WebVTT file: its first line is WEBVTT.');
  if (Buffer.byteLength(vtt) > largestTrack) throw badRequest(`The subtitles file is too large: at most ${largestTrack / 1024} KB.`);
  return { video: video.trim(), label: label.trim(), srclang: tag, vtt };
}

export async function saveSubtitle(ctx: ServerContext, principal: Principal, data: string, origin: Origin): Promise<SubtitleTrack[]> {
  const upload = parseUpload(data);
  const video = await findVideo(ctx.db, principal.companyId, upload.video);
  if (!video) throw badRequest('There is no such tutorial video.');
  const key = `subtitles/${principal.companyId}/${video.id}/${upload.srclang}-${randomBytes(6).toString('hex')}.vtt`;
  await ctx.files.put(key, Buffer.from(upload.vtt, 'utf8'), 'text/vtt');
  let replaced: string | null = null;
  try {
    replaced = await ctx.db.transaction(async (tx) => {
      const before = await findTrackForUpdate(tx, principal.companyId, video.url, upload.srclang);
      await tx
        .insert(subtitleTracks)
        .values({ companyId: principal.companyId, video: video.url, label: upload.label, srclang: upload.srclang, fileKey: key, updatedAt: ctx.now() })
        .onConflictDoUpdate({
          target: [subtitleTracks.companyId, subtitleTracks.video, subtitleTracks.srclang],
          set: { label: sql`excluded.label`, fileKey: sql`excluded.file_key`, updatedAt: sql`excluded.updated_at` },
        });
      await recordEvent(tx, { event: 'subtitle-saved', companyId: principal.companyId, actor: principal, target: `${video.title} (${upload.label})`, origin, details: { video: video.url, srclang: upload.srclang } });
      return before?.fileKey ?? null;
    });
  } catch (error) {
    await ctx.files.delete(key);
    throw error;
  }
  // The file it replaced is no longer served.
  if (replaced) await ctx.files.delete(replaced).catch((error: unknown) => ctx.log.warn({ err: error }, 'A replaced subtitle file could not be deleted.'));
  const now = ctx.now();
  return (await tracksOf(ctx.db, principal.companyId, [video.url])).map((track) => trackView(ctx.keys, track, now));
}
