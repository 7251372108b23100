/**
 * A list that shows work under way in the background (a completed form's PDF still being
 * sealed) fetches itself again every few seconds until that work is done, for a few minutes
 * at most (a seal takes seconds; one that fails is retried by the server, and the list says
 * so on its next visit), so nobody has to reload the page to get what they wait for.
 */
import { useEffect, useRef } from 'react';

export function useRefetchWhile(waiting: boolean, refetch: () => void, { everyMs = 3_000, forMs = 180_000 } = {}): void {
  const latest = useRef(refetch);
  useEffect(() => {
    latest.current = refetch;
  });
  useEffect(() => {
    if (!waiting) return undefined;
    const until = Date.now() + forMs;
    const timer = setInterval(() => {
      if (Date.now() > until) clearInterval(timer);
      else latest.current();
    }, everyMs);
    return () => clearInterval(timer);
  }, [waiting, everyMs, forMs]);
}
