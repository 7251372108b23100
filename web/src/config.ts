/** The app's configuration: the few values that differ between installations. */
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { TutorialItem } from '@formsign/sdk';

/** The external help FAQ page the header's help menu opens (VITE_FAQ_URL at build time). */
export const faqUrl: string = import.meta.env.VITE_FAQ_URL ?? 'https://formsign.example/help/faq';

/**
 * The fallback tutorials: an intro video and a getting-started PDF, shown by the tutorial panel
 * when no tutorial of its kind exists for the page (or the tutorials could not be fetched).
 * Both ship with the app under `public/media/fallback/`; the panel says their titles in the
 * language shown (`fallbackTitles`).
 */
export const fallbackTutorials: Record<'video' | 'pdf', TutorialItem> = {
  video: { path: 'general', url: '/media/fallback/intro.webm', icon: '', title: 'Introduction to formsign', subtitle: [] },
  pdf: { path: 'general', url: '/media/fallback/getting-started.pdf', icon: '', title: 'Getting started with formsign', subtitle: [] },
};

/** The fallback tutorials' titles, by their address. */
export const fallbackTitles: ReadonlyMap<string, MessageDescriptor> = new Map([
  [fallbackTutorials.video.url, msg`Introduction to formsign`],
  [fallbackTutorials.pdf.url, msg`Getting started with formsign`],
]);

/**
 * The company whose interface strings the signed-out pages use (login, register, signing
 * links): the installation's own company (VITE_PUBLIC_COMPANY_ID at build time).
 */
export const publicCompanyId: number = Number(import.meta.env.VITE_PUBLIC_COMPANY_ID ?? 1);

/**
 * The payment providers' origins the checkout may send a buyer to, besides this site
 * (VITE_PAYMENT_ORIGINS at build time, comma-separated). Designed: the specification's
 * `/stripe-completion` route names the provider.
 */
export const paymentOrigins: readonly string[] = (import.meta.env.VITE_PAYMENT_ORIGINS ?? 'https://checkout.stripe.com')
  .split(',')
  .map((origin: string) => origin.trim())
  .filter(Boolean);
