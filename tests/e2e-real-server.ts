/**
 * The browser tests' real server: the reference server on a fresh embedded database (the demo
 * organisation seeded), serving the production build on E2E_SERVER_PORT, with mail written to
 * the outbox folder the tests read links from. With E2E_FRESH=1 it is the fresh server instead
 * (E2E_FRESH_PORT, FORMSIGN_DEMO=0): a new instance with no organisation at all.
 */
import { rmSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { readConfig } from '../server/src/config.ts';
import { startServer } from '../server/src/server.ts';
import { e2eFreshData, e2eFreshPort, e2eServerData, e2eServerPort } from './e2e-server/settings.ts';

const fresh = process.env.E2E_FRESH === '1';
const port = fresh ? e2eFreshPort : e2eServerPort;
const data = fresh ? e2eFreshData : e2eServerData;

rmSync(data, { recursive: true, force: true });
const config = readConfig({
  PORT: String(port),
  FORMSIGN_DATA: data,
  FORMSIGN_PUBLIC_URL: `http://localhost:${port}`,
  FORMSIGN_DEMO: fresh ? '0' : '1',
  FORMSIGN_WEB_ROOT: process.env.E2E_DIST ?? fileURLToPath(new URL('../web/dist', import.meta.url)),
  LOG_LEVEL: 'warn',
  // The demo's envelopes are bought through the test provider, which takes no money.
  FORMSIGN_PAYMENTS: 'test',
  // The single sign-on journey starts its OpenID provider on this machine.
  FORMSIGN_OUTBOUND_ALLOW: '127.0.0.1',
});
// The browser tests sign in many times a minute from one address: no request rate limits here
// (the server suite tests them).
const server = await startServer(config, { rateLimits: {} });
console.log(`e2e: the ${fresh ? 'fresh' : 'real'} server at ${server.url}, data in ${data}`);
const stop = async (): Promise<void> => {
  await server.stop();
  process.exit(0);
};
process.on('SIGINT', () => void stop());
process.on('SIGTERM', () => void stop());
