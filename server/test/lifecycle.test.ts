/**
 * The server as `npm start` runs it, on the embedded database in a data folder: a new folder
 * is migrated and seeded; what a person changes is still there after a restart; a second
 * server cannot open a folder in use; SIGTERM closes the database cleanly; a long query leaves
 * the other requests answered (the database has a thread of its own). PostgreSQL needs
 * none of this (its server keeps the data), so these run on the embedded database only.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { readConfig } from '../src/config.js';
import { startServer } from '../src/server.js';
import { testDatabaseKind, testPasswordCost } from './support/test-databases.js';
import { pino } from 'pino';

const folder = mkdtempSync(join(tmpdir(), 'formsign-data-'));
const config = () => readConfig({ PORT: '0', FORMSIGN_DATA: folder, FORMSIGN_WEB_ROOT: join(folder, 'no-build') });
const quiet = pino({ level: 'silent' });

afterAll(() => rmSync(folder, { recursive: true, force: true }));

async function signIn(url: string): Promise<string> {
  const answer = await fetch(`${url}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ name: 'demo.admin', password: 'formsign-demo', challenge: false }),
  });
  const body = (await answer.json()) as { code: number; token: string };
  expect(body.code).toBe(1);
  return body.token;
}

const xsrf = { cookie: 'XSRF-TOKEN=lifecycle', 'x-xsrf-token': 'lifecycle' };

describe.runIf(testDatabaseKind() === 'embedded')('the server on its data folder', () => {
  it('seeds a new folder, keeps a change across a restart, and refuses a second server on the folder', async () => {
    const first = await startServer(config(), { logger: quiet, passwordCost: testPasswordCost });
    expect(first.firstStart.kind).toBe('demo');
    const token = await signIn(first.url);
    const saved = await fetch(`${first.url}/api/user`, {
      method: 'PUT',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', ...xsrf },
      body: JSON.stringify({ data: { job_title: 'Chief Executive' } }),
    });
    expect(saved.status).toBe(200);
    await expect(startServer(config(), { logger: quiet })).rejects.toThrow(/is in use by another formsign server/);
    await first.stop();

    const second = await startServer(config(), { logger: quiet, passwordCost: testPasswordCost });
    expect(second.firstStart.kind).toBe('existing');
    const again = await signIn(second.url);
    const account = (await (await fetch(`${second.url}/api/user`, { headers: { authorization: `Bearer ${again}` } })).json()) as {
      user: { job_title: string };
    };
    expect(account.user.job_title).toBe('Chief Executive');
    // The token of the first run still works: the secret was kept with the data.
    expect((await fetch(`${second.url}/api/user`, { headers: { authorization: `Bearer ${token}` } })).status).toBe(200);
    await second.stop();
  }, 60_000);

  it('stops cleanly on SIGTERM, releasing the folder', async () => {
    const main = fileURLToPath(new URL('../src/main.ts', import.meta.url));
    const child = spawn(process.execPath, ['--conditions=@formsign/source', '--import', 'tsx', main], {
      env: { ...process.env, PORT: '0', FORMSIGN_DATA: folder, FORMSIGN_WEB_ROOT: join(folder, 'no-build'), LOG_LEVEL: 'info', DATABASE_URL: '' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    await expect.poll(() => output, { timeout: 30_000 }).toContain('formsign is at');
    expect(existsSync(join(folder, 'server.lock'))).toBe(true);
    const exit = new Promise<number | null>((resolve) => child.on('exit', resolve));
    child.kill('SIGTERM');
    expect(await exit).toBe(0);
    expect(output).toContain('SIGTERM: stopping.');
    expect(existsSync(join(folder, 'server.lock'))).toBe(false);
  }, 60_000);

  it('answers a static file while a long query runs, before the query ends', async () => {
    const web = join(folder, 'web');
    mkdirSync(web, { recursive: true });
    writeFileSync(join(web, 'index.html'), '<!doctype html><title>formsign</title>');
    writeFileSync(join(web, 'robots.txt'), 'User-agent: *');
    const server = await startServer(readConfig({ PORT: '0', FORMSIGN_DATA: folder, FORMSIGN_WEB_ROOT: web, FORMSIGN_WORKER: '0' }), {
      logger: quiet,
      passwordCost: testPasswordCost,
    });
    try {
      const order: string[] = [];
      const query = server.database.query('select pg_sleep(1.5)').then(() => order.push('query'));
      const file = await fetch(`${server.url}/robots.txt`);
      order.push('file');
      expect(await file.text()).toBe('User-agent: *');
      await query;
      expect(order).toEqual(['file', 'query']);
    } finally {
      await server.stop();
    }
  }, 60_000);
});
