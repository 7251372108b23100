/**
 * The videos and PDFs a company sees (every company's and its own, in their order), each video
 * with the subtitle tracks the company saved. A file an administrator uploaded is answered as
 * a signed address that works for a day; the company's own tutorials carry their `id`.
 */
import type { SubtitleTrack, TutorialItem } from '@formsign/sdk/contract';
import type { Principal } from '../../auth/principal.js';
import type { ServerContext } from '../../context.js';
import { signedFileUrl } from '../../files/signed-urls.js';
import { tutorialLinkSeconds } from './files.js';
import { tracksOf, tutorialsFor, type TutorialRecord } from './repository.js';
import { trackView } from './subtitles.js';

type ListContext = Pick<ServerContext, 'db' | 'now' | 'keys'>;

export async function listVideos(ctx: ListContext, principal: Principal): Promise<{ video: TutorialRecord; tracks: SubtitleTrack[] }[]> {
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

function itemOf(ctx: ListContext, tutorial: TutorialRecord, subtitle: SubtitleTrack[]): TutorialItem {
  const url = tutorial.fileKey ? signedFileUrl(ctx.keys, tutorial.fileKey, ctx.now(), { seconds: tutorialLinkSeconds }) : tutorial.url;
  return {
    path: tutorial.path,
    url,
    icon: tutorial.icon,
    title: tutorial.title,
    ...(tutorial.companyId !== null ? { id: tutorial.id } : {}),
    subtitle,
  };
}

/** The tutorials of a kind as the contract answers them. */
export async function listItems(ctx: ListContext, principal: Principal, kind: 'video' | 'pdf'): Promise<TutorialItem[]> {
  if (kind === 'pdf') return (await listPdfs(ctx, principal)).map((pdf) => itemOf(ctx, pdf, []));
  return (await listVideos(ctx, principal)).map(({ video, tracks }) => itemOf(ctx, video, tracks));
}
