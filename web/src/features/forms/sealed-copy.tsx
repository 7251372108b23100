/**
 * The signed copy of a complete form, for the person who signed it from a link: a download
 * once the server has sealed it. Sealing runs in the background, so until then the page asks
 * again (the link's `load`) every two seconds, for a minute at most; the copy is mailed to
 * every participant as well.
 */
import type { SigningLink } from '@formsign/machines';
import { Trans } from '@lingui/react/macro';
import { useEffect, useState } from 'react';
import { signingApi } from '@formsign/sdk';
import { area } from '../../api/client.ts';
import { useDataGroup } from '../../lists/use-data-group.ts';

const signingCalls = area(signingApi);

const askEveryMs = 2000;
const maxTries = 30;

/** Whether a link names a sent form (a page id), not a template being filled in (a number). */
export function linkNamesSentForm(link: SigningLink): boolean {
  return !/^\d+$/.test(link.id);
}

/** The data group's fetcher: the link's form, for its sealed copy. */
function sealedCopyOf(link: SigningLink, options: { signal: AbortSignal }): Promise<string | null> {
  return signingCalls.call({ function: 'load', ...link }, options).then((data) => (data && 'pdf' in data ? (data.pdf ?? null) : null));
}

export function SealedCopy({ link, pdf }: { link: SigningLink; pdf: string | null }) {
  const copy = useDataGroup('sealed-copy', pdf, sealedCopyOf, link);
  const [tries, setTries] = useState(1);
  const address = copy.data ?? pdf;
  const late = !address && tries >= maxTries;

  useEffect(() => {
    if (address || copy.loading || late) return;
    const timer = setTimeout(() => {
      setTries((count) => count + 1);
      copy.refetch();
    }, askEveryMs);
    return () => clearTimeout(timer);
  }, [address, copy, late]);

  if (address) {
    return (
      <p className="signing__copy">
        <a className="button" href={address} target="_blank" rel="noopener noreferrer">
          <Trans>Download the signed PDF</Trans>
        </a>
      </p>
    );
  }
  return (
    <p className="signing__copy muted" role="status">
      {late ? (
        <Trans>Your signed copy is taking longer than usual to seal: it will be emailed to you when it is ready.</Trans>
      ) : (
        <Trans>Your signed copy is being sealed… It will also be emailed to you.</Trans>
      )}
    </p>
  );
}
