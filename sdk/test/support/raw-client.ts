/** An openapi-fetch client of the contract on a fake fetch, with only the middleware under test. */
import createClient, { type Middleware } from 'openapi-fetch';
import type { paths } from '../../src/generated/openapi.js';
import { baseUrl, fakeFetch, json, type FakeFetch, type Handler } from './fake-fetch.js';

export function rawClientWith(middleware: Middleware, handler: Handler = () => json({})) {
  const server: FakeFetch = fakeFetch(handler);
  const client = createClient<paths>({ baseUrl, fetch: server.fetch });
  client.use(middleware);
  return { client, server };
}
