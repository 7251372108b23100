/**
 * The tutorials (`POST /video-tutorial`, `POST /pdf-tutorial`), grouped by the page they
 * explain ("Getting started" for the general ones, then in the side menu's order). A video
 * plays in the page, with its subtitles; a PDF opens in a new tab. With no tutorials, or
 * when they cannot be loaded, the app's fallback video and PDF are offered. An administrator
 * also manages the organisation's own tutorials here (`tutorial-manager.tsx`).
 */
import { mayCall, roleOfFlags, type TutorialItem, tutorialsApi } from '@formsign/sdk';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useId, useRef, useState } from 'react';
import { area } from '../../api/client.ts';
import { fallbackTutorials } from '../../config.ts';
import { ListFailure } from '../../lists/data-table.tsx';
import { useDataGroup } from '../../lists/use-data-group.ts';
import { routes } from '../../routes/route-table.ts';
import { useViewer } from '../../session/session.tsx';
import { useStrings } from '../../shell/strings.tsx';
import { TutorialManager } from './tutorial-manager.tsx';

const tutorialsCalls = area(tutorialsApi);

interface Tutorials {
  videos: TutorialItem[];
  pdfs: TutorialItem[];
}

const noTutorials: Tutorials = { videos: [], pdfs: [] };

/** The tutorials that explain no page in particular. */
const gettingStarted = msg`Getting started`;

interface PageGroup {
  /** The group's key: the page's name in the side menu (its English text, worded as the organisation words it when shown). */
  name: string;
  /** Its place in the side menu. */
  order: number;
  /** Its own title when it is no page of the menu. */
  title?: MessageDescriptor;
}

/** The page a tutorial belongs to. */
function pageOf(path: string): PageGroup {
  if (path === 'general') return { name: path, order: -1, title: gettingStarted };
  const index = routes.findIndex((route) => route.pageKey === path || route.menu.some((entry) => entry.key === path));
  const route = routes[index];
  if (!route) return { name: path.replace(/[-_]/g, ' ').replace(/^./, (first) => first.toUpperCase()), order: routes.length };
  const name = route.menu[0]?.name ?? (route.title.from === 'text' ? route.title.text : path);
  return { name, order: index };
}

function grouped(items: TutorialItem[]): (PageGroup & { items: TutorialItem[] })[] {
  const groups = new Map<string, PageGroup & { items: TutorialItem[] }>();
  for (const item of items) {
    const page = pageOf(item.path);
    const group = groups.get(page.name) ?? { ...page, items: [] };
    group.items.push(item);
    groups.set(page.name, group);
  }
  return [...groups.values()].sort((a, b) => a.order - b.order);
}

/** A group's title in the language shown. */
function useGroupTitle(): (group: PageGroup) => string {
  const { i18n } = useLingui();
  const strings = useStrings();
  return (group) => (group.title ? i18n._(group.title) : strings.t(group.name));
}

function VideoPlayer({ video, autoPlay }: { video: TutorialItem; autoPlay: boolean }) {
  const element = useRef<HTMLVideoElement>(null);
  useEffect(() => {
    // Play what the person chose; the browser may refuse (no media, autoplay rules): they still have the controls.
    if (autoPlay) element.current?.play().catch(() => undefined);
  }, [video, autoPlay]);
  return (
    <figure className="help-player">
      <video ref={element} key={video.url} controls preload="metadata" poster={video.icon || undefined} aria-label={video.title}>
        <source src={video.url} />
        {video.subtitle.map((track) => (
          <track key={track.src} kind="subtitles" src={track.src} srcLang={track.srclang} label={track.label} />
        ))}
      </video>
      <figcaption>
        <span className="help-player__now">
          <Trans>Now playing</Trans>
        </span>{' '}
        {video.title}
      </figcaption>
    </figure>
  );
}

function Subtitles({ video }: { video: TutorialItem }) {
  const languages = video.subtitle.map((track) => track.label).join(', ');
  return (
    <span className="help-item__meta">
      <Trans>Subtitles: {languages}</Trans>
    </span>
  );
}

function TutorialVideos({ videos }: { videos: TutorialItem[] }) {
  const id = useId();
  const title = useGroupTitle();
  const [chosen, setChosen] = useState<TutorialItem | null>(null);
  const playing = chosen && videos.includes(chosen) ? chosen : videos[0];
  if (!playing) return null;
  return (
    <section className="card" aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`}>
        <Trans>Tutorial videos</Trans>
      </h2>
      <VideoPlayer video={playing} autoPlay={chosen !== null} />
      <div className="help-groups">
        {grouped(videos).map((group, index) => (
          <div key={group.name} className="help-group">
            <h3 id={`${id}-group-${index}`}>{title(group)}</h3>
            <ul className="help-list" aria-labelledby={`${id}-group-${index}`}>
              {group.items.map((video) => (
                <li key={video.url}>
                  <button type="button" className="help-item" aria-pressed={video === playing} onClick={() => setChosen(video)}>
                    <span className="help-item__icon help-item__icon--video" aria-hidden="true">
                      ▶
                    </span>
                    <span className="help-item__text">
                      <span className="help-item__title">{video.title}</span>
                      {video.subtitle.length ? <Subtitles video={video} /> : null}
                    </span>
                  </button>
                </li>
              ))}
            </ul>
          </div>
        ))}
      </div>
    </section>
  );
}

function TutorialGuides({ pdfs }: { pdfs: TutorialItem[] }) {
  const id = useId();
  const title = useGroupTitle();
  if (pdfs.length === 0) return null;
  return (
    <section className="card" aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`}>
        <Trans>Guides (PDF)</Trans>
      </h2>
      <div className="help-groups">
        {grouped(pdfs).map((group, index) => (
          <div key={group.name} className="help-group">
            <h3 id={`${id}-group-${index}`}>{title(group)}</h3>
            <ul className="help-list" aria-labelledby={`${id}-group-${index}`}>
              {group.items.map((pdf) => (
                <li key={pdf.url}>
                  <a className="help-item" href={pdf.url} target="_blank" rel="noopener noreferrer">
                    <span className="help-item__icon help-item__icon--pdf" aria-hidden="true">
                      PDF
                    </span>
                    <span className="help-item__text">
                      <span className="help-item__title">{pdf.title}</span>
                      <span className="help-item__meta">
                        <Trans>Opens in a new tab</Trans>
                      </span>
                    </span>
                  </a>
                </li>
              ))}
            </ul>
          </div>
        ))}
      </div>
    </section>
  );
}

export function TutorialLibrary() {
  const viewer = useViewer();
  const manages = viewer
    ? mayCall(roleOfFlags({ admin: viewer.isAdmin, personal: viewer.isPersonal, isSuper: viewer.isSuper }), 'manageTutorial')
    : false;
  const tutorials = useDataGroup(
    'tutorials',
    noTutorials,
    (_params: null, options) =>
      Promise.all([tutorialsCalls.videos(options), tutorialsCalls.pdfs(options)]).then(([videos, pdfs]) => ({ videos, pdfs })),
    null,
  );
  // A refetch after a change keeps the page (and the manager's message) in place.
  if (tutorials.loading && tutorials.data === noTutorials) {
    return (
      <div className="card spinner" role="status">
        <Trans>Loading tutorials…</Trans>
      </div>
    );
  }
  // No tutorials (or none could be loaded): the app's own introduction video and guide.
  const videos = tutorials.data.videos.length ? tutorials.data.videos : [fallbackTutorials.video];
  const pdfs = tutorials.data.pdfs.length ? tutorials.data.pdfs : [fallbackTutorials.pdf];
  return (
    <>
      {tutorials.error ? <ListFailure message={tutorials.message ?? ''} onRetry={tutorials.refetch} /> : null}
      <TutorialVideos videos={videos} />
      <TutorialGuides pdfs={pdfs} />
      {manages && !tutorials.error ? (
        <TutorialManager videos={tutorials.data.videos} pdfs={tutorials.data.pdfs} onChanged={tutorials.refetch} />
      ) : null}
    </>
  );
}
