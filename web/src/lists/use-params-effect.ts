/**
 * Runs a request each time a view's parameters change, compared by value (the page, the
 * filters, the id in the address): `run(params)` after the first render and after every render
 * whose parameters differ from the last run's, never for a new object with the same values.
 * It answers a function that runs it again with the latest parameters (a retry button's).
 * The data groups, the workflow list, the users and the templates all fetch this way, and a
 * chart draws this way (returning how to take the drawing down). A new language shown runs it
 * again too: what the server says (a chart's names, a log's actions) comes in the language asked.
 */
import { useLingui } from '@lingui/react';
import { useCallback, useEffect, useLayoutEffect, useRef } from 'react';

export function useParamsEffect<TParams>(params: TParams, run: (params: TParams) => void | (() => void)): () => void {
  const key = `${useLingui().i18n.locale} ${JSON.stringify(params)}`;
  // What the last render saw, for the effect below and for a retry (refs are read outside
  // rendering only). Kept as soon as the render is committed, before the browser hands on
  // the next click: a Refresh pressed just after a change of parameters asks for the new ones.
  const latest = useRef({ params, run });
  useLayoutEffect(() => {
    latest.current = { params, run };
  });
  // What `run` returns (if anything) undoes its work before the next run and when the view goes.
  useEffect(() => latest.current.run(latest.current.params), [key]);
  return useCallback(() => {
    latest.current.run(latest.current.params);
  }, []);
}
