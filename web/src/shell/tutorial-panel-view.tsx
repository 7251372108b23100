/** The tutorial panel on screen: its list, the chosen video or PDF, and moving it by drag or arrow keys. */
import { fallbackTitles } from '../config.ts';
import type { TutorialItem } from '@formsign/sdk';
import { Trans, useLingui } from '@lingui/react/macro';
import { useRef, useState, type KeyboardEvent, type PointerEvent } from 'react';
import { useStrings } from './strings.tsx';
import { usePanelSelector, useTutorialPanel } from './tutorial-panel.tsx';

const keyStep = 10;

/** An item's title: a fallback tutorial's in the language shown, any other as its author wrote it. */
function useTitle(item: TutorialItem): string {
  const { i18n } = useLingui();
  const fallback = fallbackTitles.get(item.url);
  return fallback && item.title === String(fallback.message) ? i18n._(fallback) : item.title;
}

function TutorialTitle({ item }: { item: TutorialItem }) {
  return useTitle(item);
}

function TutorialView({ item, kind }: { item: TutorialItem; kind: 'video' | 'pdf' }) {
  const title = useTitle(item);
  if (kind === 'video') {
    return (
      <video key={item.url} controls preload="metadata" src={item.url} poster={item.icon || undefined} aria-label={title}>
        {item.subtitle.map((track) => (
          <track key={track.src} kind="subtitles" label={track.label} srcLang={track.srclang} src={track.src} />
        ))}
      </video>
    );
  }
  return (
    <>
      <iframe key={item.url} src={item.url} title={title} />
      <p>
        <a href={item.url} target="_blank" rel="noopener noreferrer">
          <Trans>Open {title} in a new tab</Trans>
        </a>
      </p>
    </>
  );
}

export default function TutorialPanelView() {
  const panel = useTutorialPanel();
  const { t: word } = useStrings();
  const { t } = useLingui();
  const kind = usePanelSelector((snapshot) => snapshot.context.kind);
  const items = usePanelSelector((snapshot) => snapshot.context.items);
  const loading = usePanelSelector((snapshot) => snapshot.matches({ video: 'loading' }) || snapshot.matches({ pdf: 'loading' }));
  const position = usePanelSelector((snapshot) => snapshot.context.position);
  const width = usePanelSelector((snapshot) => snapshot.context.width);
  // The item chosen in the list on show: another list (or kind) starts again at its first item.
  const [chosen, setChosen] = useState<{ items: readonly TutorialItem[]; index: number }>({ items, index: 0 });
  const selected = chosen.items === items ? chosen.index : 0;
  const setSelected = (index: number): void => setChosen({ items, index });
  const drag = useRef<{ x: number; y: number; top: number; left: number } | null>(null);

  if (!kind) return null;

  const heading = kind === 'video' ? word('Tutorial Videos') : word('Tutorial PDF(s)');
  const move = (top: number, left: number): void => panel.send({ type: 'panel.move', top: Math.max(0, top), left: Math.max(0, left) });
  const onPointerDown = (event: PointerEvent<HTMLDivElement>): void => {
    if ((event.target as HTMLElement).closest('button')) return;
    drag.current = { x: event.clientX, y: event.clientY, top: position.top, left: position.left };
    event.currentTarget.setPointerCapture(event.pointerId);
  };
  const onPointerMove = (event: PointerEvent<HTMLDivElement>): void => {
    const start = drag.current;
    if (start) move(start.top + event.clientY - start.y, start.left + event.clientX - start.x);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>): void => {
    const delta: Record<string, [number, number]> = {
      ArrowUp: [-keyStep, 0],
      ArrowDown: [keyStep, 0],
      ArrowLeft: [0, -keyStep],
      ArrowRight: [0, keyStep],
    };
    const step = delta[event.key];
    if (!step) return;
    event.preventDefault();
    move(position.top + step[0], position.left + step[1]);
  };
  const current = items[selected];

  return (
    <section
      className="tutorial-panel"
      role="dialog"
      aria-modal="false"
      aria-labelledby="tutorial-panel-title"
      style={{ top: position.top, left: position.left, width }}
    >
      <div
        className="tutorial-panel__bar"
        tabIndex={0}
        role="group"
        aria-label={t`Move the tutorial panel: drag, or use the arrow keys`}
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={() => (drag.current = null)}
        onKeyDown={onKeyDown}
      >
        <h2 id="tutorial-panel-title">{heading}</h2>
        <button type="button" className="button button--ghost button--small" onClick={() => panel.send({ type: 'panel.close' })}>
          <Trans>Close</Trans>
        </button>
      </div>
      <div className="tutorial-panel__body">
        {loading ? (
          <div className="spinner" role="status">
            <Trans>Loading tutorials…</Trans>
          </div>
        ) : (
          <>
            {items.length > 1 ? (
              <ul className="tutorial-panel__list" aria-label={heading}>
                {items.map((item, index) => (
                  <li key={item.url}>
                    <button
                      type="button"
                      className="button button--secondary button--small"
                      aria-pressed={index === selected}
                      onClick={() => setSelected(index)}
                    >
                      <TutorialTitle item={item} />
                    </button>
                  </li>
                ))}
              </ul>
            ) : null}
            {current ? (
              <>
                <h3>
                  <TutorialTitle item={current} />
                </h3>
                <TutorialView item={current} kind={kind} />
              </>
            ) : null}
          </>
        )}
      </div>
    </section>
  );
}
