import { describe, expect, it } from 'vitest';
import { pagerOf } from './pager.ts';

describe('pagerOf, an exact total', () => {
  it('shows the rows of the page among all, the page among the pages, and the last page to jump to', () => {
    expect(pagerOf({ page: 2, limit: 20, total: 45, totalExact: true, rowsOnPage: 20 })).toEqual({
      shown: '21–40 of 45',
      position: 'Page 2 of 3',
      canGoBack: true,
      canGoOn: true,
      lastPage: 3,
    });
  });

  it('stops on the last page, and says when nothing matches', () => {
    expect(pagerOf({ page: 3, limit: 20, total: 45, totalExact: true, rowsOnPage: 5 })).toMatchObject({
      shown: '41–45 of 45',
      canGoOn: false,
      lastPage: null,
    });
    expect(pagerOf({ page: 1, limit: 20, total: 0, totalExact: true, rowsOnPage: 0 })).toEqual({
      shown: 'No rows',
      position: 'Page 1 of 1',
      canGoBack: false,
      canGoOn: false,
      lastPage: null,
    });
  });

  it('writes large numbers with separators', () => {
    expect(pagerOf({ page: 1, limit: 25, total: 4321, totalExact: true, rowsOnPage: 25 }).shown).toBe('1–25 of 4,321');
  });
});

describe('pagerOf, a total that is a lower bound', () => {
  it('says "of more than", pages on while a page comes back full, and offers no last page', () => {
    expect(pagerOf({ page: 1, limit: 20, total: 1_000, totalExact: false, rowsOnPage: 20 })).toEqual({
      shown: '1–20 of more than 1,000',
      position: 'Page 1 of more than 50',
      canGoBack: false,
      canGoOn: true,
      lastPage: null,
    });
  });

  it('past the counted pages (a link to page 700), gives the page without a count of pages', () => {
    expect(pagerOf({ page: 700, limit: 20, total: 14_000, totalExact: false, rowsOnPage: 20 })).toEqual({
      shown: '13,981–14,000 of more than 14,000',
      position: 'Page 700',
      canGoBack: true,
      canGoOn: true,
      lastPage: null,
    });
  });

  it('does not page on from a page that came back short or empty', () => {
    expect(pagerOf({ page: 800, limit: 20, total: 1_000, totalExact: false, rowsOnPage: 0 })).toMatchObject({
      shown: 'No rows on this page, of more than 1,000',
      canGoBack: true,
      canGoOn: false,
    });
  });
});
