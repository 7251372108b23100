/**
 * The files of the tutorials an organisation uploads: a video is an MP4 or WebM file of at
 * most 200 MB, a PDF at most 20 MB, each told by its first bytes (never its name or the type
 * the browser gave). They are written to the file store from the upload's temporary file and
 * served by signed address.
 */
import type { StreamedFile } from '../../http/uploads.js';
import { badRequest } from '../../http/errors.js';
import { msg } from '#words';

export const largestVideo = 200 * 1024 * 1024;
export const largestPdf = 20 * 1024 * 1024;

/** Tutorial files are served for a day, as their subtitle tracks are. */
export const tutorialLinkSeconds = 24 * 60 * 60;

export interface TutorialFileType {
  extension: 'mp4' | 'webm' | 'pdf';
  mime: string;
}

/** What the first bytes of a file say it is, among the types tutorials take. */
export function tutorialFileType(head: Buffer): TutorialFileType | null {
  // MP4 (ISO base media): a box whose type, at bytes 4 to 8, is `ftyp`.
  if (head.length >= 12 && head.subarray(4, 8).toString('latin1') === 'ftyp') return { extension: 'mp4', mime: 'video/mp4' };
  // WebM: an EBML header whose document type is `webm`.
  if (head.length >= 4 && head.readUInt32BE(0) === 0x1a45dfa3 && head.includes('webm', 0, 'latin1')) return { extension: 'webm', mime: 'video/webm' };
  if (head.subarray(0, 5).toString('latin1') === '%PDF-') return { extension: 'pdf', mime: 'application/pdf' };
  return null;
}

/** The type of an uploaded tutorial file, or a bad request that says what is wrong with it. */
export function checkedTutorialFile(kind: 'video' | 'pdf', file: StreamedFile): TutorialFileType {
  if (kind === 'video') {
    if (file.tooLarge || file.size > largestVideo)
      throw badRequest(msg({ message: 'This video is larger than 200 MB. Please choose a smaller file.' }));
  } else if (file.tooLarge || file.size > largestPdf)
    throw badRequest(msg({ message: 'This PDF is larger than 20 MB. Please choose a smaller file.' }));
  if (file.size === 0) throw badRequest(msg({ message: 'This file is empty. Please choose another file.' }));
  const type = tutorialFileType(file.head);
  if (kind === 'video' && (!type || type.extension === 'pdf'))
    throw badRequest(msg({ message: 'This file is not an MP4 or WebM video. Please choose a video in one of these formats.' }));
  if (!type || (kind === 'pdf' && type.extension !== 'pdf')) throw badRequest(msg({ message: 'This file is not a PDF. Please choose a PDF file.' }));
  return type;
}
