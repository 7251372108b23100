/**
 * Subtitle tracks a company saves for the tutorial videos: WebVTT files kept in the file
 * store, one per video and language (saving a language again replaces its file), served to
 * the videos' `<track>` elements by signed address. Saving one: `save-subtitle.ts`.
 */
import type { Keys } from '../../auth/keys.js';
import { signedFileUrl } from '../../files/signed-urls.js';
import { badRequest } from '../../http/errors.js';
import type { TrackRecord } from './repository.js';
import type { SubtitleTrack } from '@formsign/sdk/contract';
import { msg, filled } from '#words';

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
    throw badRequest(msg({ message: 'The subtitle track could not be read.' }));
  }
  const track = (typeof value === 'object' && value !== null ? value : {}) as Record<string, unknown>;
  const { video, label, srclang, vtt } = track;
  if (typeof video !== 'string' || !video.trim()) throw badRequest(msg({ message: 'Please choose the video the subtitles are for.' }));
  if (typeof label !== 'string' || !label.trim() || label.trim().length > 100)
    throw badRequest(msg({ message: 'Please give the subtitles a name of up to 100 characters, such as English.' }));
  const tag = typeof srclang === 'string' ? languageTag(srclang) : null;
  if (!tag) throw badRequest(msg({ message: 'Please give the language of the subtitles as a code, such as en or de.' }));
  if (typeof vtt !== 'string' || !isWebVtt(vtt)) throw badRequest(msg({ message: 'The subtitles must be a WebVTT file: its first line is WEBVTT.' }));
  if (Buffer.byteLength(vtt) > largestTrack)
    throw badRequest(filled(msg({ message: 'The subtitles file is too large: at most {size} KB.' }), { size: largestTrack / 1024 }));
  return { video: video.trim(), label: label.trim(), srclang: tag, vtt };
}

/** The file key of an uploaded video, when the address given is the signed address a list answered for it (its key names it; the signature is not needed to name it). */
export function uploadedFileKey(address: string): string | null {
  if (!address.startsWith('/api/file?')) return null;
  const key = new URLSearchParams(address.slice('/api/file?'.length)).get('key');
  return key && key.startsWith('tutorials/') ? key : null;
}
