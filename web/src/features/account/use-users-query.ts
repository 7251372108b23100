/**
 * The users list's view: the page number from the route segment (`/users/2`), the rest
 * (rows per page, search, status, sort) from the URL query, so a view can be shared and
 * survives a reload. Any change other than the page goes back to page 1 (`/users`).
 */
import { useParams } from 'react-router-dom';
import { useListQuery, type ListQuery } from '../../lists/use-list-query.ts';

function pageOf(segment: string | undefined): number {
  const number = Number(segment);
  return Number.isInteger(number) && number > 0 ? number : 1;
}

export function usersPath(page: number): string {
  return page > 1 ? `/users/${page}` : '/users';
}

export function useUsersQuery(): ListQuery {
  const { page: segment } = useParams();
  return useListQuery({ pagePath: { page: pageOf(segment), path: usersPath } });
}
