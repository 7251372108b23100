/**
 * `npm run bench -w @formsign/sdk`: what a call through the SDK costs over a raw `fetch` of
 * the same request. A local HTTP server (in this process) answers the workflow page of the
 * contract's example; both sides send the same URL and headers and parse the JSON. After a
 * warm-up, raw and SDK calls alternate one by one (sequential, keep-alive), so load from
 * elsewhere hits both alike. It prints the figures and the ratio; the goal is at most 1.15 times
 * the raw fetch, through openapi-fetch's own request path (the SDK's only one). Nothing is
 * asserted: timings belong in figures, not in tests.
 *
 * Options: `--iterations 10000 --warmup 2000`.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { loadDocument, resolveRef, type ExampleObject } from '@formsign/openapi';
import { createFormsignClient } from '../src/index.js';

const { values } = parseArgs({
  options: {
    iterations: { type: 'string', default: '10000' },
    warmup: { type: 'string', default: '2000' },
  },
});
const iterations = Number(values.iterations);
const warmup = Number(values.warmup);

const document = loadDocument();
const page = JSON.stringify(resolveRef<ExampleObject>(document, document.components.examples.WorkflowOk ?? {}).value);
const token = (resolveRef<ExampleObject>(document, document.components.examples.LoginAdministrator ?? {}).value as { token: string }).token;

const server = createServer((request, response) => {
  request.resume();
  response.writeHead(200, { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(page) });
  response.end(page);
});
await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

const query = { page: 1, limit: 25, filters: { search: 'care', status: 'in_progress' } };
const url = `${origin}/api/workflow?page=1&limit=25&filters[search]=care&filters[status]=in_progress`;
const headers = { Authorization: `Bearer ${token}` };
const client = createFormsignClient({ baseUrl: `${origin}/api`, token: () => token, xsrfCookie: () => 'bench' });

async function raw(): Promise<unknown> {
  const response = await fetch(url, { headers });
  if (!response.ok) throw new Error(`raw: ${response.status}`);
  return response.json();
}

async function sdk(): Promise<unknown> {
  return client.workflow.list(query);
}

// Both must send the same request and read the same answer.
const seen: string[] = [];
server.on('request', (request) => seen.push(`${request.method} ${request.url} ${request.headers.authorization}`));
const [rawBody, sdkBody] = [await raw(), await sdk()];
if (JSON.stringify(rawBody) !== JSON.stringify(sdkBody) || seen[0] !== seen[1]) throw new Error(`The two requests differ:\n${seen.join('\n')}`);
server.removeAllListeners('request');
server.on('request', (request, response) => {
  request.resume();
  response.writeHead(200, { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(page) });
  response.end(page);
});

/** Runs both callers alternately (pairs in alternating order) and records each call's time. */
async function measure(count: number): Promise<{ raw: number[]; sdk: number[] }> {
  const samples = { raw: [] as number[], sdk: [] as number[] };
  for (let i = 0; i < count; i += 1) {
    const order = i % 2 === 0 ? (['raw', 'sdk'] as const) : (['sdk', 'raw'] as const);
    for (const side of order) {
      const start = performance.now();
      await (side === 'raw' ? raw() : sdk());
      samples[side].push(performance.now() - start);
    }
  }
  return samples;
}

await measure(warmup);
const samples = await measure(iterations);
server.close();

/** The median and the mean of the middle 80% (both shrug off the spikes of a shared machine). */
function summary(times: number[]): { median: number; trimmedMean: number } {
  const sorted = [...times].sort((a, b) => a - b);
  const cut = Math.floor(sorted.length * 0.1);
  const middle = sorted.slice(cut, sorted.length - cut);
  return { median: sorted[sorted.length >> 1] ?? 0, trimmedMean: middle.reduce((sum, time) => sum + time, 0) / middle.length };
}

const rawSummary = summary(samples.raw);
const sdkSummary = summary(samples.sdk);
const micro = (ms: number): string => `${(ms * 1000).toFixed(1)} µs`;
const ratio = sdkSummary.median / rawSummary.median;
console.log(`GET /workflow (${page.length} bytes of JSON), ${iterations} calls each, interleaved, after ${warmup} warm-up calls each`);
console.log(`raw fetch : median ${micro(rawSummary.median)}, trimmed mean ${micro(rawSummary.trimmedMean)}`);
console.log(`SDK       : median ${micro(sdkSummary.median)}, trimmed mean ${micro(sdkSummary.trimmedMean)}`);
console.log(
  `ratio     : ${ratio.toFixed(3)} by median (${(sdkSummary.trimmedMean / rawSummary.trimmedMean).toFixed(3)} by trimmed mean), overhead ${((ratio - 1) * 100).toFixed(1)}% (goal: at most 1.15 times)`,
);
