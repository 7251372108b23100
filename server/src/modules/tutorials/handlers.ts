/**
 * The Tutorials operations: the videos and PDFs a company sees (every company's and its own,
 * in their order), each video with the subtitle tracks the company saved, and saving a track
 * (administrators).
 */
import type { SubtitleTrack, TutorialItem } from '@formsign/sdk/contract';
import type { Handlers } from '../../contract/handler-types.js';
import type { ServerContext } from '../../context.js';
import { listPdfs, listVideos } from './list-tutorials.js';
import type { TutorialRecord } from './repository.js';
import { saveSubtitle } from './save-subtitle.js';

type TutorialsHandlers = Pick<Handlers, 'listVideoTutorials' | 'listPdfTutorials' | 'saveSubtitle'>;

function itemOf(tutorial: TutorialRecord, subtitle: SubtitleTrack[]): TutorialItem {
  return { path: tutorial.path, url: tutorial.url, icon: tutorial.icon, title: tutorial.title, subtitle };
}

export function tutorialsHandlers(ctx: Pick<ServerContext, 'db' | 'now' | 'files' | 'log' | 'keys'>): TutorialsHandlers {
  return {
    async listVideoTutorials({ principal }) {
      return (await listVideos(ctx, principal)).map(({ video, tracks }) => itemOf(video, tracks));
    },
    async listPdfTutorials({ principal }) {
      return (await listPdfs(ctx, principal)).map((pdf) => itemOf(pdf, []));
    },
    async saveSubtitle(request) {
      return saveSubtitle(ctx, request.principal, request.body.data, { ip: request.ip, userAgent: request.userAgent });
    },
  };
}
