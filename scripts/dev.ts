/**
 * `npm run dev`: the Vite dev server of the web app (http://localhost:5173, PORT changes it)
 * with `/api` proxied to API_URL, or to the contract mock started here when none is given.
 * Add `?inspect` to a page's address to watch its machines in the Stately inspector. On the
 * mock, pages carry the mock's banner and its QA page is at /__mock.
 */
import { createServer, type InlineConfig } from 'vite';
import { fileURLToPath } from 'node:url';
import { startMock, type MockServer } from '@formsign/mocks';
import { mockModeServing } from '@formsign/mocks/mock-mode';

let mock: MockServer | undefined;
if (!process.env.API_URL) {
  mock = await startMock({ port: Number(process.env.MOCK_PORT ?? 4010) });
  process.env.API_URL = mock.url;
}
const root = fileURLToPath(new URL('../web/', import.meta.url));
// On the mock, as `npm run start:mock`: the banner on every page and the QA page at /__mock.
const onMock: InlineConfig = mock
  ? {
      plugins: [{ name: 'formsign-mock-mode', transformIndexHtml: (html: string) => html.replace('</body>', `${mockModeServing.bodyEnd}</body>`) }],
      server: { proxy: Object.fromEntries(mockModeServing.passThrough.map((path) => [path, { target: mock.url, changeOrigin: true }])) },
    }
  : {};
const server = await createServer({ root, configFile: `${root}vite.config.ts`, ...onMock });
await server.listen();
server.printUrls();
console.log(`  API: ${process.env.API_URL}${mock ? ' (the contract mock)' : ''}`);

const stop = async (): Promise<void> => {
  await server.close();
  await mock?.stop();
  process.exit(0);
};
process.on('SIGINT', () => void stop());
process.on('SIGTERM', () => void stop());
