/**
 * The translation widget: a language menu offering the languages the
 * interface speaks (see languages.ts), shown on the pages the route table says. It is resized 3
 * seconds after each route change, to fit its longest language name. A native select: it is
 * the lightest language menu that every keyboard and screen reader knows, and it loads on the
 * login page. On a narrow screen it shows as the language's code over the same select.
 */
import { Trans } from '@lingui/react/macro';
import { useEffect, useId, useRef, useState } from 'react';
import { isLanguageCode } from '../i18n/languages.ts';
import { useLocation } from 'react-router-dom';
import { useStrings } from './strings.tsx';
import { scheduleTranslationResize, translationMenuWidth } from './translation-resize.ts';

export function TranslationWidget() {
  const { offered: languages, language, setLanguage } = useStrings();
  const { pathname } = useLocation();
  const id = useId();
  const select = useRef<HTMLSelectElement>(null);
  const [width, setWidth] = useState<number | undefined>(undefined);
  // How many times it has been resized: lets tests (and curious people) see the rule work.
  const [resizes, setResizes] = useState(0);

  useEffect(
    () =>
      scheduleTranslationResize(() => {
        const element = select.current;
        const context = element ? document.createElement('canvas').getContext('2d') : null;
        if (!element || !context) return;
        context.font = getComputedStyle(element).font;
        setWidth(
          translationMenuWidth(
            languages.map((item) => item.name),
            (label) => context.measureText(label).width,
          ),
        );
        setResizes((count) => count + 1);
      }),
    [pathname, languages],
  );

  return (
    <div className="translation-widget" data-resizes={resizes}>
      <span className="translation-widget__code" aria-hidden="true">
        {language.toUpperCase()}
      </span>
      <label htmlFor={id} className="visually-hidden">
        <Trans>Language</Trans>
      </label>
      <select
        id={id}
        ref={select}
        className="select translation-widget__select"
        style={{ width }}
        value={language}
        onChange={(event) => {
          if (isLanguageCode(event.target.value)) setLanguage(event.target.value);
        }}
      >
        {languages.map((item) => (
          <option key={item.code} value={item.code} lang={item.code}>
            {item.name}
          </option>
        ))}
      </select>
    </div>
  );
}
