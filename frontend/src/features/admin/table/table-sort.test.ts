import { describe, expect, it } from 'vitest';
import { ariaSort, nextSort, parseSortParam, sortParam } from './table-sort';

describe('admin table sorting', () => {
  it('sorts a newly clicked column in its first direction, and flips a column clicked again', () => {
    const byTitle = nextSort(null, 'title', 'asc');
    expect(byTitle).toEqual({ key: 'title', direction: 'asc' });
    expect(nextSort(byTitle, 'title', 'asc')).toEqual({ key: 'title', direction: 'desc' });
    expect(nextSort(byTitle, 'sales', 'desc')).toEqual({ key: 'sales', direction: 'desc' });
  });

  it('tells screen readers which column is sorted, and how', () => {
    const sort = { key: 'sales', direction: 'desc' } as const;
    expect(ariaSort(sort, 'sales')).toBe('descending');
    expect(ariaSort(sort, 'title')).toBe('none');
    expect(ariaSort(null, 'title')).toBe('none');
  });

  it('writes the sort as the query reads it, and reads back only known columns', () => {
    expect(sortParam({ key: 'createdAt', direction: 'desc' })).toBe('-createdAt');
    expect(sortParam({ key: 'title', direction: 'asc' })).toBe('title');
    expect(sortParam(null)).toBeUndefined();
    expect(parseSortParam('-createdAt', ['createdAt', 'title'])).toEqual({ key: 'createdAt', direction: 'desc' });
    expect(parseSortParam('price', ['createdAt', 'title'])).toBeNull();
    expect(parseSortParam(null, ['title'])).toBeNull();
  });
});
