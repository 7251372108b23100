/**
 * The mock's front door: an HTTP server in front of Prism that passes every request through,
 * adding `Prefer: example=<name>` when the contract's `x-mock-examples` rules name the example
 * that answers what is asked (a request with its own `Prefer` is left as it is).
 */
import { createServer, request as forward, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { OpenApiDocument } from '@formsign/openapi';
import { bodyFields, mockRulesFor, selectExample } from './example-selector.js';

export interface Front {
  port: number;
  close(): Promise<void>;
}

async function readAll(incoming: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of incoming) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** `document` answers the contract as it is now (Prism reloads it when it changes; so do the rules). */
export async function startFront({ host, port, prismPort, document }: { host: string; port: number; prismPort: number; document: () => OpenApiDocument }): Promise<Front> {
  const server = createServer((incoming, outgoing) => {
    void (async () => {
      const method = incoming.method ?? 'GET';
      const url = new URL(incoming.url ?? '/', 'http://mock');
      const rules = incoming.headers.prefer === undefined ? mockRulesFor(document(), method, url.pathname) : [];
      const headers = { ...incoming.headers };
      // Only the requests a rule could match are read here; the others stream through.
      const body = rules.length > 0 ? await readAll(incoming) : undefined;
      if (body !== undefined) {
        const example = selectExample(rules, { method, path: url.pathname, query: url.searchParams, body: bodyFields(headers['content-type'], body.toString('utf8')) });
        if (example) headers.prefer = `example=${example}`;
      }
      const upstream = forward({ host, port: prismPort, method, path: incoming.url, headers }, (answer) => {
        outgoing.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(outgoing);
      });
      upstream.on('error', (error) => {
        if (outgoing.headersSent) return void outgoing.destroy(error);
        outgoing.writeHead(502, { 'Content-Type': 'application/json' });
        outgoing.end(JSON.stringify({ message: `The mock did not answer: ${error.message}` }));
      });
      if (body === undefined) incoming.pipe(upstream);
      else upstream.end(body);
    })();
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve());
  });
  return {
    port: (server.address() as AddressInfo).port,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
