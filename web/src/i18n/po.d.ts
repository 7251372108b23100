/** A catalogue imported from its `.po` file, compiled by Lingui's Vite plugin. */
declare module '*.po' {
  import type { Messages } from '@lingui/core';
  export const messages: Messages;
}
