/**
 * Tabs whose choice lives in the URL (`?tab=2`), so a tab can be linked to (the envelope
 * counter links to the account's envelopes tab). Arrow keys move between tabs, as the WAI
 * tabs pattern says.
 */
import { useId, useRef, type KeyboardEvent, type ReactNode } from 'react';
import { useSearchParams } from 'react-router-dom';

export interface Tab {
  /** The value in the URL: `?tab=<key>`. */
  key: string;
  label: string;
  content: () => ReactNode;
}

export function Tabs({ tabs, label, param = 'tab' }: { tabs: readonly Tab[]; label: string; param?: string }) {
  const [search, setSearch] = useSearchParams();
  const id = useId();
  const buttons = useRef<(HTMLButtonElement | null)[]>([]);
  const current = tabs.find((tab) => tab.key === search.get(param)) ?? tabs[0];
  if (!current) return null;

  const choose = (tab: Tab): void => {
    // From the address as it is now, not as this render saw it.
    const next = new URLSearchParams(window.location.search);
    next.set(param, tab.key);
    setSearch(next, { replace: true });
  };
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>): void => {
    // From the focused tab, so quick presses move on even before the page has updated.
    const focused = buttons.current.indexOf(document.activeElement as HTMLButtonElement);
    const index = focused >= 0 ? focused : tabs.indexOf(current);
    const step = event.key === 'ArrowRight' ? 1 : event.key === 'ArrowLeft' ? -1 : 0;
    if (!step) return;
    event.preventDefault();
    const next = tabs[(index + step + tabs.length) % tabs.length];
    if (!next) return;
    choose(next);
    buttons.current[tabs.indexOf(next)]?.focus();
  };

  return (
    <>
      <div className="tabs" role="tablist" aria-label={label} onKeyDown={onKeyDown}>
        {tabs.map((tab, index) => (
          <button
            key={tab.key}
            ref={(element) => {
              buttons.current[index] = element;
            }}
            type="button"
            role="tab"
            id={`${id}-tab-${tab.key}`}
            className="tab"
            aria-selected={tab === current}
            aria-controls={`${id}-panel`}
            tabIndex={tab === current ? 0 : -1}
            onClick={() => choose(tab)}
          >
            {tab.label}
          </button>
        ))}
      </div>
      <div role="tabpanel" id={`${id}-panel`} aria-labelledby={`${id}-tab-${current.key}`}>
        {current.content()}
      </div>
    </>
  );
}
