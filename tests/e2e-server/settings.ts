/**
 * Where the browser tests' real servers listen and keep their data (each outbox holds the mail
 * the tests follow): the demo's server, and a fresh one without the demo organisation on which
 * an organisation starts from nothing.
 */
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export const e2eServerPort = Number(process.env.E2E_SERVER_PORT ?? 8092);
export const e2eServerData = process.env.E2E_SERVER_DATA ?? join(tmpdir(), `formsign-e2e-server-${e2eServerPort}`);

export const e2eFreshPort = Number(process.env.E2E_FRESH_PORT ?? 8093);
export const e2eFreshData = process.env.E2E_FRESH_DATA ?? join(tmpdir(), `formsign-e2e-fresh-${e2eFreshPort}`);
