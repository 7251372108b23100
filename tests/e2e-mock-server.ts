/**
 * The browser tests' backend and app: the Prism mock on a free port and the production build
 * (`web/dist`, or E2E_DIST) served on E2E_PORT with `/api` proxied to the mock, as
 * `npm start` does on the mock (with its banner and its QA page).
 */
import { startMock } from '@formsign/mocks';
import { mockModeServing } from '@formsign/mocks/mock-mode';
import { startWebServer } from '../web/scripts/serve.ts';

const mock = await startMock();
const web = await startWebServer({ port: Number(process.env.E2E_PORT ?? 8091), apiUrl: mock.url, root: process.env.E2E_DIST, ...mockModeServing });
console.log(`e2e: app ${web.url}, mock ${mock.url}`);
const stop = async (): Promise<void> => {
  await web.stop();
  await mock.stop();
  process.exit(0);
};
process.on('SIGINT', () => void stop());
process.on('SIGTERM', () => void stop());
