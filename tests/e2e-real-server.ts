/**
 * The browser tests' real server: the reference server on a fresh embedded database (the demo
 * organisation seeded), serving the production build on E2E_SERVER_PORT, with mail written to
 * the outbox folder the tests read links from.
 */
import { rmSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { readConfig } from '../server/src/config.ts';
import { startServer } from '../server/src/server.ts';
import { e2eServerData, e2eServerPort } from './e2e-server/settings.ts';

rmSync(e2eServerData, { recursive: true, force: true });
const config = readConfig({
  PORT: String(e2eServerPort),
  FORMSIGN_DATA: e2eServerData,
  FORMSIGN_PUBLIC_URL: `http://localhost:${e2eServerPort}`,
  FORMSIGN_WEB_ROOT: process.env.E2E_DIST ?? fileURLToPath(new URL('../web/dist', import.meta.url)),
  LOG_LEVEL: 'warn',
  // The demo's envelopes are bought through the test provider, which takes no money.
  FORMSIGN_PAYMENTS: 'test',
});
// The browser tests sign in many times a minute from one address: no request rate limits here
// (the server suite tests them).
const server = await startServer(config, { rateLimits: {} });
console.log(`e2e: the real server at ${server.url}, data in ${e2eServerData}`);
const stop = async (): Promise<void> => {
  await server.stop();
  process.exit(0);
};
process.on('SIGINT', () => void stop());
process.on('SIGTERM', () => void stop());
