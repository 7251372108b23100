/** The videos and PDFs a company sees (every company's and its own, in their order), each video with the subtitle tracks the company saved. */
import type { SubtitleTrack } from '@formsign/sdk/contract';
import type { Principal } from '../../auth/principal.js';
import type { ServerContext } from '../../context.js';
import { tracksOf, tutorialsFor, type TutorialRecord } from './repository.js';
import { trackView } from './subtitles.js';

export async function listVideos(
  ctx: Pick<ServerContext, 'db' | 'now' | 'keys'>,
  principal: Principal,
): Promise<{ video: TutorialRecord; tracks: SubtitleTrack[] }[]> {
  const videos = await tutorialsFor(ctx.db, principal.companyId, 'video');
  const tracks = await tracksOf(
    ctx.db,
    principal.companyId,
    videos.map((video) => video.url),
  );
  const now = ctx.now();
  return videos.map((video) => ({
    video,
    tracks: tracks.filter((track) => track.video === video.url).map((track) => trackView(ctx.keys, track, now)),
  }));
}

export async function listPdfs(ctx: Pick<ServerContext, 'db'>, principal: Principal): Promise<TutorialRecord[]> {
  return tutorialsFor(ctx.db, principal.companyId, 'pdf');
}
