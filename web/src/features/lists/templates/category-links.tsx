/** The template categories as a row of links: each shows the templates of one category (`?category=HR`). */
import { useLingui } from '@lingui/react/macro';
import { Link } from 'react-router-dom';
import type { ListQuery } from '../../../lists/use-list-query.ts';

function categorySearch(query: ListQuery, category: string): { search: string } {
  const next = new URLSearchParams(query.extra);
  if (category) next.set('category', category);
  else next.delete('category');
  next.delete('page');
  const search = next.toString();
  return { search: search ? `?${search}` : '' };
}

export function CategoryLinks({ query, categories, current }: { query: ListQuery; categories: readonly string[]; current: string }) {
  const { t } = useLingui();
  if (categories.length < 2 && !current) return null;
  return (
    <nav aria-label={t`Categories`}>
      <ul className="category-chips">
        {['', ...categories].map((category) => (
          <li key={category}>
            <Link className="category-chip" to={categorySearch(query, category)} aria-current={category === current ? 'true' : undefined}>
              {category || t`All categories`}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
