/**
 * `npm run start:mock`: the built app on http://localhost:8080 (PORT changes it) with `/api` proxied to
 * the backend: API_URL when given, otherwise the Prism mock of the contract, started here
 * (on MOCK_PORT, 4010 by default). On the mock, every page says so in a thin banner, and the
 * mock's QA page is at /__mock.
 */
import { startMock, type MockServer } from '@formsign/mocks';
import { mockModeServing } from '@formsign/mocks/mock-mode';
import { startWebServer } from '../web/scripts/serve.ts';

const port = Number(process.env.PORT ?? 8080);
let mock: MockServer | undefined;
let apiUrl = process.env.API_URL;
if (!apiUrl) {
  mock = await startMock({ port: Number(process.env.MOCK_PORT ?? 4010) });
  apiUrl = mock.url;
}
const web = await startWebServer({ port, apiUrl, ...(mock ? mockModeServing : {}) });
console.log(`formsign: ${web.url}  (API: ${apiUrl}${mock ? `, the contract mock; choose who you are at ${web.url}/__mock` : ''})`);

const stop = async (): Promise<void> => {
  await web.stop();
  await mock?.stop();
  process.exit(0);
};
process.on('SIGINT', () => void stop());
process.on('SIGTERM', () => void stop());
