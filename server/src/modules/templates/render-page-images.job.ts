/**
 * The job that draws a template's PDF as images of its pages (`page-images.ts`): queued when a
 * PDF is uploaded, and when a signing page asks for the pages of one drawn before it existed.
 * One at a time per PDF, and one waiting at most, however many pages ask.
 */
import type { ServerContext } from '../../context.js';
import { defineJob } from '../../jobs/job.js';
import { renderPageImages } from './page-images.js';

declare module '../../jobs/job.js' {
  interface JobData {
    'render-page-images': { pdfKey: string };
  }
}

export const renderPageImagesJob = defineJob({
  name: 'render-page-images',
  retry: { policy: 'stately', retryLimit: 3, retryDelay: 30, retryBackoff: true, expireInSeconds: 300 },
  singletonKey: ({ pdfKey }) => pdfKey,
  handler: async (ctx: ServerContext, { pdfKey }) => renderPageImages(ctx, pdfKey),
});
