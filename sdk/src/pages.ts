/**
 * Every page of a paged list, one after the other: `for await (const page of eachPage(client.forms.completed, { limit: 100 }))`.
 * Any list whose answer has the contract's pagination (`page`, `limit`, `total`, `data`) works.
 * It asks for the next page only when the loop wants it, stops after the last page (or an
 * empty one, or an answer that is not the page asked for), and a failed page rejects the loop
 * with its `ApiError`.
 */
import type { CallOptions } from './transport.js';
import type { Pagination } from './types.js';

/** A page of a list: the contract's pagination and its rows. */
export type ListPage<TRow = unknown> = Pagination & { data: readonly TRow[] };

/** A list call of the SDK (`client.forms.completed`, ...): a query with a page number, answering one page. */
export type PagedList = (query: never, options?: CallOptions) => Promise<ListPage>;

/** The query a list takes. */
export type ListQuery<TList extends PagedList> = NonNullable<Parameters<TList>[0]> & { page?: number };

/** The page a list answers. */
export type PageOf<TList extends PagedList> = Awaited<ReturnType<TList>>;

/** The rows of the pages a list answers. */
export type RowOf<TList extends PagedList> = PageOf<TList>['data'][number];

/** Each page from `query.page` (1 by default) to the last. */
export async function* eachPage<TList extends PagedList>(
  list: TList,
  query: ListQuery<TList>,
  options?: CallOptions,
): AsyncGenerator<PageOf<TList>, void, undefined> {
  const call = list as unknown as (query: ListQuery<TList>, options?: CallOptions) => Promise<PageOf<TList>>;
  let page = (query as { page?: number }).page ?? 1;
  for (;;) {
    const answer = await call(Object.assign({ page }, query, { page }), options);
    yield answer;
    const last = answer.data.length === 0 || answer.limit <= 0 || answer.page * answer.limit >= answer.total;
    if (last || answer.page !== page) return;
    page += 1;
  }
}

/** Each row of every page, in order. */
export async function* eachRow<TList extends PagedList>(
  list: TList,
  query: ListQuery<TList>,
  options?: CallOptions,
): AsyncGenerator<RowOf<TList>, void, undefined> {
  for await (const page of eachPage(list, query, options)) yield* page.data as readonly RowOf<TList>[];
}
