import { describe, expect, expectTypeOf, it } from 'vitest';
import { fakeClient, json, rejection } from '../test/support/fake-fetch.js';
import { ApiError } from './api-error.js';
import { eachPage, eachRow } from './pages.js';
import type { CompletedForm, CompletedFormPage } from './types.js';

/** A server of `total` completed forms, answering the page and limit asked. */
function formsServer(total: number) {
  return fakeClient((request) => {
    const url = new URL(request.url);
    const page = Number(url.searchParams.get('page') ?? 1);
    const limit = Number(url.searchParams.get('limit') ?? 25);
    const first = (page - 1) * limit;
    const data = Array.from({ length: Math.max(0, Math.min(limit, total - first)) }, (_, index) => ({ id: first + index + 1 }));
    return json({ page, limit, total, data });
  });
}

async function collect<T>(items: AsyncIterable<T>): Promise<T[]> {
  const all: T[] = [];
  for await (const item of items) all.push(item);
  return all;
}

describe('eachPage', () => {
  it('walks every page of a list, keeping the query, and stops after the last', async () => {
    const { client, server } = formsServer(7);
    const pages = await collect(eachPage(client.forms.completed, { limit: 3, filters: { search: 'care' } }));
    expect(pages.map((page) => page.data.length)).toEqual([3, 3, 1]);
    expect(server.requests.map((request) => new URL(request.url).search)).toEqual([
      '?page=1&limit=3&filters[search]=care',
      '?page=2&limit=3&filters[search]=care',
      '?page=3&limit=3&filters[search]=care',
    ]);
  });

  it('starts at the page asked, and asks for the next page only when the loop wants it', async () => {
    const { client, server } = formsServer(100);
    for await (const page of eachPage(client.forms.completed, { page: 4, limit: 10 })) {
      expect(page.page).toBe(4);
      break;
    }
    expect(server.requests).toHaveLength(1);
  });

  it('stops on an empty page and on an answer that is not the page asked for', async () => {
    const empty = formsServer(0);
    expect(await collect(eachPage(empty.client.forms.completed, {}))).toHaveLength(1);
    const stuck = fakeClient(() => json({ page: 1, limit: 2, total: 10, data: [{}, {}] }));
    expect(await collect(eachPage(stuck.client.forms.completed, { limit: 2 }))).toHaveLength(2);
    expect(stuck.server.requests).toHaveLength(2);
  });

  it('rejects with the ApiError of a page that fails', async () => {
    let calls = 0;
    const { client } = fakeClient(() => (++calls === 1 ? json({ page: 1, limit: 1, total: 3, data: [{}] }) : json({}, 500)));
    const error = await rejection(collect(eachPage(client.forms.completed, { limit: 1 })));
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ kind: 'http', status: 500 });
  });

  it("is typed by the list: its pages are the list's pages, its query the list's query", () => {
    const { client } = formsServer(0);
    expectTypeOf(eachPage(client.forms.completed, { limit: 3 })).toEqualTypeOf<AsyncGenerator<CompletedFormPage, void, undefined>>();
    expectTypeOf(eachRow(client.forms.completed, {})).toEqualTypeOf<AsyncGenerator<CompletedForm, void, undefined>>();
    // @ts-expect-error: the completed forms take no `pages`.
    void eachPage(client.forms.completed, { pages: 2 });
  });
});

describe('eachRow', () => {
  it('gives every row of every page in order', async () => {
    const { client } = formsServer(5);
    expect((await collect(eachRow(client.forms.completed, { limit: 2 }))).map((row) => (row as { id: number }).id)).toEqual([1, 2, 3, 4, 5]);
  });
});
