/**
 * Where the browser tests' servers listen: the contract mock with the build, and the real
 * servers, each keeping its data in a folder whose outbox holds the mail the tests follow (the
 * demo's server, and a fresh one without the demo organisation, on which an organisation
 * starts from nothing).
 */
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export const e2eServerPort = Number(process.env.E2E_SERVER_PORT ?? 8092);
export const e2eServerData = process.env.E2E_SERVER_DATA ?? join(tmpdir(), `formsign-e2e-server-${e2eServerPort}`);

export const e2eFreshPort = Number(process.env.E2E_FRESH_PORT ?? 8093);
export const e2eFreshData = process.env.E2E_FRESH_DATA ?? join(tmpdir(), `formsign-e2e-fresh-${e2eFreshPort}`);

export const e2eMockPort = Number(process.env.E2E_PORT ?? 8091);

/** Answers once all three servers answer (tests/e2e-servers.ts): what the run waits for. */
export const e2eReadyPort = Number(process.env.E2E_READY_PORT ?? 8094);
