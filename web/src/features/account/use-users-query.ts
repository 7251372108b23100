/**
 * The users list's view: the page number from the route segment (`/users/2`), the rest
 * (rows per page, search, status, sort) from the URL query, so a view can be shared and
 * survives a reload. Any change other than the page goes back to page 1 (`/users`).
 */
import { useLocation, useNavigate, useParams } from 'react-router-dom';
import { useListQuery, type ListQuery } from '../../lists/use-list-query.ts';

function pageOf(segment: string | undefined): number {
  const number = Number(segment);
  return Number.isInteger(number) && number > 0 ? number : 1;
}

export function usersPath(page: number): string {
  return page > 1 ? `/users/${page}` : '/users';
}

export function useUsersQuery(): ListQuery {
  const base = useListQuery();
  const { page: segment } = useParams();
  const location = useLocation();
  const navigate = useNavigate();

  const go = (page: number, change?: (next: URLSearchParams) => void): void => {
    const next = new URLSearchParams(location.search);
    // The page lives in the path; a `?page=` from elsewhere is dropped.
    next.delete('page');
    change?.(next);
    const search = next.toString();
    navigate({ pathname: usersPath(page), search: search ? `?${search}` : '' });
  };

  return {
    ...base,
    page: pageOf(segment),
    setPage: (page) => go(page),
    setLimit: (limit) => go(1, (next) => next.set('limit', String(limit))),
    setFilters: (changes) =>
      go(1, (next) => {
        for (const [name, value] of Object.entries(changes)) {
          if (value) next.set(name, value);
          else next.delete(name);
        }
      }),
    setSort: (sort, order = 'asc') =>
      go(1, (next) => {
        if (sort) {
          next.set('sort', sort);
          next.set('order', order);
        } else {
          next.delete('sort');
          next.delete('order');
        }
      }),
  };
}
