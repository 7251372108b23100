/** Where the browser tests' real server listens and keeps its data (its outbox holds the mail the tests follow). */
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export const e2eServerPort = Number(process.env.E2E_SERVER_PORT ?? 8092);
export const e2eServerData = process.env.E2E_SERVER_DATA ?? join(tmpdir(), `formsign-e2e-server-${e2eServerPort}`);
