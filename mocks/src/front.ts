/**
 * The mock's front door: an HTTP server in front of Prism. It passes every request through,
 * and on the way:
 * - serves the QA page (`/__mock`), where a person testing in a browser chooses who they are
 *   and what calls answer for their session;
 * - adds `Prefer` to a request without one: the answer the person chose on the QA page, else
 *   the example the contract's `x-mock-examples` rules name for what is asked;
 * - answers a `Prefer` (or `?__example=`) naming an example or status the call does not have
 *   with a 400 that says so and lists what the call can answer, where Prism says only 404;
 * - writes what is wrong with an invalid request into the answer's body, in the operation's
 *   error shape, where Prism puts it only in its `sl-violations` header.
 */
import { createServer, request as forward, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { OpenApiDocument } from '@formsign/openapi';
import { bodyFields, mockRulesFor, selectExample } from './example-selector.js';
import { fieldProblems, invalidRequestBody, readViolations } from './invalid-request.js';
import { operationAt } from './operation-examples.js';
import { parsePrefer, preferenceProblem, queryPreference } from './prefer.js';
import { qaPagePath, serveQaPage } from './qa-page.js';
import { chosenPrefer, readChoices } from './qa-session.js';

export interface Front {
  port: number;
  close(): Promise<void>;
}

async function readAll(incoming: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of incoming) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

function answerJson(outgoing: ServerResponse, status: number, body: unknown, headers: Record<string, string | string[] | undefined> = {}): void {
  const text = JSON.stringify(body);
  outgoing.writeHead(status, { ...headers, 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(text)) });
  outgoing.end(text);
}

/** `document` answers the contract as it is now (Prism reloads it when it changes; so do the rules). */
export async function startFront({
  host,
  port,
  prismPort,
  document,
}: {
  host: string;
  port: number;
  prismPort: number;
  document: () => OpenApiDocument;
}): Promise<Front> {
  const server = createServer((incoming, outgoing) => {
    void (async () => {
      const method = incoming.method ?? 'GET';
      const url = new URL(incoming.url ?? '/', 'http://mock');
      if (url.pathname === qaPagePath) return serveQaPage(document(), incoming, outgoing);

      const headers = { ...incoming.headers };
      const preferHeader = Array.isArray(headers.prefer) ? headers.prefer.join(', ') : headers.prefer;
      const asked = { ...queryPreference(url.searchParams), ...parsePrefer(preferHeader) };
      const problem = preferenceProblem(document(), method, url.pathname, asked);
      if (problem) {
        await readAll(incoming);
        return answerJson(outgoing, 400, { message: problem });
      }
      const askedForOne = preferHeader !== undefined || url.searchParams.has('__example') || url.searchParams.has('__code');
      const chosen = askedForOne ? undefined : chosenPrefer(readChoices(headers.cookie), method, url.pathname);
      if (chosen) {
        // A choice saved before the contract changed may no longer exist: say so, as for a header.
        const stale = preferenceProblem(document(), method, url.pathname, parsePrefer(chosen));
        if (stale) {
          await readAll(incoming);
          return answerJson(outgoing, 400, { message: `${stale} (Chosen on the mock’s QA page, ${qaPagePath}.)` });
        }
        headers.prefer = chosen;
      }
      const rules = askedForOne || chosen ? [] : mockRulesFor(document(), method, url.pathname);
      // Only the requests a rule could match are read here; the others stream through.
      const body = rules.length > 0 ? await readAll(incoming) : undefined;
      if (body !== undefined) {
        const example = selectExample(rules, {
          method,
          path: url.pathname,
          query: url.searchParams,
          body: bodyFields(headers['content-type'], body.toString('utf8')),
        });
        if (example) headers.prefer = `example=${example}`;
      }
      const upstream = forward({ host, port: prismPort, method, path: incoming.url, headers }, (answer) => {
        const status = answer.statusCode ?? 502;
        const problems = status === 400 || status === 422 ? fieldProblems(readViolations(answer.headers['sl-violations'])) : [];
        if (problems.length > 0) {
          answer.resume();
          const { 'content-length': _length, 'content-type': _type, ...rest } = answer.headers;
          return answerJson(outgoing, 400, invalidRequestBody(document(), operationAt(document(), method, url.pathname), problems), rest);
        }
        outgoing.writeHead(status, answer.headers);
        answer.pipe(outgoing);
      });
      upstream.on('error', (error) => {
        if (outgoing.headersSent) return void outgoing.destroy(error);
        answerJson(outgoing, 502, { message: `The mock did not answer: ${error.message}` });
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
