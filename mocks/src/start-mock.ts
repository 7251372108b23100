/**
 * Starts the Prism mock on the contract, behind its front door (which picks the named example
 * that answers what a request asks, `x-mock-examples`), and resolves once both listen. Used by
 * `npm run mock`, `npm start` and the test suites, so all of them serve the document the same
 * way.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { createServer } from 'node:net';
import { documentPath, loadDocument, type OpenApiDocument } from '@formsign/openapi';
import { startFront } from './front.js';

export interface MockServer {
  /** The mock's origin, e.g. `http://127.0.0.1:4010`. Paths are served at its root. */
  url: string;
  port: number;
  stop(): Promise<void>;
}

export interface StartMockOptions {
  /** 0 (the default) picks a free port. */
  port?: number;
  host?: string;
  /** Pass Prism's log through to this process's output. */
  log?: boolean;
  /** Give up when Prism has not started in this many milliseconds. */
  startTimeoutMs?: number;
}

const require = createRequire(import.meta.url);

/** The contract as the file is now; while an edit leaves it unreadable, the last good one. */
function currentDocument(): () => OpenApiDocument {
  let loaded = { modified: statSync(documentPath).mtimeMs, document: loadDocument() };
  return () => {
    const modified = statSync(documentPath).mtimeMs;
    if (modified !== loaded.modified) {
      try {
        loaded = { modified, document: loadDocument() };
      } catch {
        // Half-saved: keep the last good document until the next change.
      }
    }
    return loaded.document;
  };
}

function prismCli(): string {
  return require.resolve('@stoplight/prism-cli/dist/index.js');
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('No port'))));
    });
  });
}

function stopProcess(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
    setTimeout(() => child.kill('SIGKILL'), 3_000).unref();
  });
}

export async function startMock(options: StartMockOptions = {}): Promise<MockServer> {
  const host = options.host ?? '127.0.0.1';
  const prismPort = await freePort();
  const child = spawn(process.execPath, [prismCli(), 'mock', documentPath, '--port', String(prismPort), '--host', host], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => {
      void stopProcess(child);
      reject(new Error(`Prism did not start within ${options.startTimeoutMs ?? 60_000} ms:\n${output}`));
    }, options.startTimeoutMs ?? 60_000);
    const onData = (chunk: Buffer): void => {
      const text = chunk.toString();
      output += text;
      if (options.log) process.stdout.write(text);
      if (text.includes('Prism is listening')) {
        clearTimeout(timer);
        resolve();
      }
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`Prism exited with code ${code}:\n${output}`));
    });
  });
  const { port, close } = await startFront({ host, port: options.port ?? 0, prismPort, document: currentDocument() }).catch(
    async (error: unknown) => {
      await stopProcess(child);
      throw error;
    },
  );
  return {
    url: `http://${host}:${port}`,
    port,
    stop: async () => {
      await close();
      await stopProcess(child);
    },
  };
}
