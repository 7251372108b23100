/**
 * The browser tests' three servers, started side by side: the contract mock with the build
 * (e2e-mock-server.ts), the real server with the demo and the fresh one without it (both
 * e2e-real-server.ts). Playwright starts the servers of its `webServer` list one after the
 * other, each waiting for the one before to answer; this starts them together and answers on
 * E2E_READY_PORT once all three answer, so the run waits for the slowest, not for the sum.
 * Any of them ending ends this, and this ending (SIGTERM, SIGINT) ends them.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:http';
import { e2eFreshPort, e2eMockPort, e2eReadyPort, e2eServerPort } from './e2e-server/settings.ts';

interface Launch {
  name: string;
  script: string;
  env: Record<string, string>;
  port: number;
}

const launches: Launch[] = [
  { name: 'mock', script: 'e2e-mock-server.ts', env: { E2E_PORT: String(e2eMockPort) }, port: e2eMockPort },
  { name: 'real', script: 'e2e-real-server.ts', env: { E2E_SERVER_PORT: String(e2eServerPort) }, port: e2eServerPort },
  { name: 'fresh', script: 'e2e-real-server.ts', env: { E2E_FRESH: '1', E2E_FRESH_PORT: String(e2eFreshPort) }, port: e2eFreshPort },
];

const children: ChildProcess[] = [];
let stopping = false;

function stopAll(code: number): void {
  if (stopping) return;
  stopping = true;
  const running = children.filter((child) => child.exitCode === null && child.signalCode === null);
  if (running.length === 0) process.exit(code);
  let left = running.length;
  for (const child of running) {
    child.once('exit', () => {
      left -= 1;
      if (left === 0) process.exit(code);
    });
    child.kill('SIGTERM');
  }
  // A server that does not stop in time is not waited for.
  setTimeout(() => process.exit(code), 10_000).unref();
}

function start(launch: Launch): ChildProcess {
  const child = spawn(process.execPath, ['--conditions=@formsign/source', '--import', 'tsx', launch.script], {
    cwd: import.meta.dirname,
    env: { ...process.env, ...launch.env },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  child.once('exit', (code, signal) => {
    if (stopping) return;
    console.error(`e2e: the ${launch.name} server ended (${signal ?? `exit ${code}`}) before the tests did.`);
    stopAll(1);
  });
  children.push(child);
  return child;
}

/** Resolves once `http://localhost:port/login` answers, asking every 200 ms. */
async function answers(launch: Launch): Promise<void> {
  const url = `http://localhost:${launch.port}/login`;
  for (;;) {
    if (stopping) return;
    const ok = await fetch(url, { signal: AbortSignal.timeout(2_000) }).then(
      (answer) => answer.ok,
      () => false,
    );
    if (ok) return;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

process.on('SIGINT', () => stopAll(0));
process.on('SIGTERM', () => stopAll(0));

const started = performance.now();
await Promise.all(
  launches.map(async (launch) => {
    start(launch);
    await answers(launch);
    console.log(`e2e: the ${launch.name} server answers (${((performance.now() - started) / 1000).toFixed(1)} s)`);
  }),
);
createServer((_request, response) => response.end('ready')).listen(e2eReadyPort, () =>
  console.log(`e2e: all three servers answer, ready on ${e2eReadyPort}`),
);
