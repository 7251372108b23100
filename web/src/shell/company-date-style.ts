/**
 * The company's way of writing dates, loaded for a signed-in person once the page has painted
 * (`GET /fetch-settings`, which everyone of the company may read) and handed to the one date
 * formatter (`lists/format.ts`), which shows every date again in it. A failed load leaves the
 * style already kept. It is one of the shell's signed-in extras (shell-extras.ts), which go when
 * the person signs out: so does the style, and the browser keeps no trace of the company.
 */
import { settingsApi } from '@formsign/sdk';
import { useEffect } from 'react';
import { area } from '../api/client.ts';
import { forgetDateStyle, setDateStyle } from '../lists/format.ts';

const settingsCalls = area(settingsApi);

export default function CompanyDateStyle(): null {
  useEffect(() => {
    const controller = new AbortController();
    settingsCalls.get({ signal: controller.signal }).then(setDateStyle, () => undefined);
    return () => {
      controller.abort();
      forgetDateStyle();
    };
  }, []);
  return null;
}
