/**
 * The company's way of writing dates, loaded for a signed-in person once the page has painted
 * (`GET /fetch-settings`, which everyone of the company may read) and handed to the one date
 * formatter (`lists/format.ts`), which shows every date again in it. A failed load leaves the
 * style already kept. Signing out forgets it: the browser keeps no trace of the company.
 */
import { useEffect, useRef } from 'react';
import { settingsApi } from '@formsign/sdk';
import { area } from '../api/client.ts';
import { forgetDateStyle, setDateStyle } from '../lists/format.ts';

const settingsCalls = area(settingsApi);

export function useCompanyDateStyle(signedIn: boolean): void {
  const wasSignedIn = useRef(signedIn);
  useEffect(() => {
    const signedOut = wasSignedIn.current && !signedIn;
    wasSignedIn.current = signedIn;
    if (signedOut) forgetDateStyle();
    if (!signedIn) return;
    const controller = new AbortController();
    settingsCalls.get({ signal: controller.signal }).then(setDateStyle, () => undefined);
    return () => controller.abort();
  }, [signedIn]);
}
