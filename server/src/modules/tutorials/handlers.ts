/**
 * The Tutorials operations: the videos and PDFs a company sees (every company's and its own,
 * in their order), each video with the subtitle tracks the company saved, and saving a track
 * (administrators).
 */
import type { SubtitleTrack, TutorialItem } from '@formsign/sdk/contract';
import type { Handlers } from '../../contract/handler-types.js';
import type { ServerContext } from '../../context.js';
import { tracksOf, tutorialsFor, type TutorialRecord } from './repository.js';
import { saveSubtitle, trackView } from './subtitles.js';

type TutorialsHandlers = Pick<Handlers, 'listVideoTutorials' | 'listPdfTutorials' | 'saveSubtitle'>;

function itemOf(tutorial: TutorialRecord, subtitle: SubtitleTrack[]): TutorialItem {
  return { path: tutorial.path, url: tutorial.url, icon: tutorial.icon, title: tutorial.title, subtitle };
}

export function tutorialsHandlers(ctx: ServerContext): TutorialsHandlers {
  return {
    async listVideoTutorials({ principal }) {
      const videos = await tutorialsFor(ctx.db, principal.companyId, 'video');
      const tracks = await tracksOf(
        ctx.db,
        principal.companyId,
        videos.map((video) => video.url),
      );
      const now = ctx.now();
      return videos.map((video) =>
        itemOf(
          video,
          tracks.filter((track) => track.video === video.url).map((track) => trackView(ctx.keys, track, now)),
        ),
      );
    },
    async listPdfTutorials({ principal }) {
      return (await tutorialsFor(ctx.db, principal.companyId, 'pdf')).map((pdf) => itemOf(pdf, []));
    },
    async saveSubtitle(request) {
      return saveSubtitle(ctx, request.principal, request.body.data, { ip: request.ip, userAgent: request.userAgent });
    },
  };
}
