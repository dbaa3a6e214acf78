import { describe, expect, it } from 'vitest';
import {
  applyListChange,
  type ListParamsConfig,
  listFilterQuery,
  listQuery,
  parseListParams,
  sortFromTable,
  sortOrderOf,
  writeListParams,
} from './useListParams';

const SORTS = ['name', '-name', 'createdAt', '-createdAt'] as const;
type Sort = (typeof SORTS)[number];

const config: ListParamsConfig<Sort, 'status' | 'centerId' | 'isNew'> = {
  sorts: SORTS,
  defaultSort: '-createdAt',
  filters: {
    status: ['active', 'frozen'],
    centerId: (v) => /^[0-9a-f-]{36}$/.test(v),
    isNew: ['true'],
  },
};

const CENTER = '0b7f2a8e-0000-4000-8000-000000000001';

describe('list params in the URL', () => {
  it('reads defaults from an empty address', () => {
    expect(parseListParams(new URLSearchParams(), config)).toEqual({
      keyword: '',
      page: 1,
      pageSize: 20,
      sort: '-createdAt',
      filters: {},
    });
  });

  it('reads every part of a full address', () => {
    const state = parseListParams(
      new URLSearchParams(`keyword=%E5%A4%A7%E6%96%87&page=3&pageSize=50&sort=name&status=frozen&centerId=${CENTER}`),
      config,
    );
    expect(state).toEqual({
      keyword: '大文',
      page: 3,
      pageSize: 50,
      sort: 'name',
      filters: { status: 'frozen', centerId: CENTER },
    });
  });

  it('falls back to defaults for values a hand-edited address got wrong', () => {
    const state = parseListParams(
      new URLSearchParams('page=-2&pageSize=7&sort=password&status=deleted&centerId=x&isNew=maybe'),
      config,
    );
    expect(state).toEqual({ keyword: '', page: 1, pageSize: 20, sort: '-createdAt', filters: {} });
    expect(parseListParams(new URLSearchParams('page=1e3'), config).page).toBe(1);
  });

  it('writes only what differs from the defaults and keeps parameters it does not own', () => {
    const base = new URLSearchParams('open=abc&page=9');
    const written = writeListParams(
      { keyword: 'ann', page: 1, pageSize: 20, sort: '-createdAt', filters: { status: 'active' } },
      config,
      base,
    );
    expect(written.toString()).toBe('open=abc&keyword=ann&status=active');
  });

  it('round-trips a state through the address', () => {
    const state = { keyword: '9123 4567', page: 4, pageSize: 100, sort: 'name' as const, filters: { isNew: 'true' } };
    expect(parseListParams(writeListParams(state, config), config)).toEqual(state);
  });
});

describe('changes', () => {
  const onPage3 = parseListParams(new URLSearchParams('keyword=ann&page=3'), config);

  it('goes back to page 1 when the keyword, a filter, the sort or the page size changes', () => {
    expect(applyListChange(onPage3, { keyword: 'anna' }).page).toBe(1);
    expect(applyListChange(onPage3, { filters: { status: 'active' } }).page).toBe(1);
    expect(applyListChange(onPage3, { sort: 'name' }).page).toBe(1);
    expect(applyListChange(onPage3, { pageSize: 50 }).page).toBe(1);
  });

  it('keeps the page when nothing about the result changes', () => {
    expect(applyListChange(onPage3, { keyword: ' ann ' }).page).toBe(3);
    expect(applyListChange(onPage3, { filters: { status: undefined } }).page).toBe(3);
    expect(applyListChange(onPage3, { page: 4 }).page).toBe(4);
  });

  it('removes a filter set to nothing', () => {
    const filtered = applyListChange(onPage3, { filters: { status: 'frozen' } });
    expect(applyListChange(filtered, { filters: { status: null } }).filters).toEqual({});
    expect(applyListChange(filtered, { filters: { status: '' } }).filters).toEqual({});
  });
});

describe('API query', () => {
  const state = parseListParams(new URLSearchParams(`keyword=ann&page=2&status=active&centerId=${CENTER}`), config);

  it('sends paging for the list and leaves it out of an export', () => {
    expect(listQuery(state)).toEqual({
      keyword: 'ann',
      page: 2,
      pageSize: 20,
      sort: '-createdAt',
      status: 'active',
      centerId: CENTER,
    });
    expect(listFilterQuery(state)).toEqual({ keyword: 'ann', sort: '-createdAt', status: 'active', centerId: CENTER });
  });

  it('sends no empty keyword', () => {
    expect(listQuery(parseListParams(new URLSearchParams(), config))).not.toHaveProperty('keyword');
  });
});

describe('antd table sorting', () => {
  it('shows the order of the sorted column only', () => {
    expect(sortOrderOf('name', 'name')).toBe('ascend');
    expect(sortOrderOf('name', '-name')).toBe('descend');
    expect(sortOrderOf('createdAt', '-name')).toBeNull();
  });

  it('turns a table sorter into an allowed sort', () => {
    expect(sortFromTable({ columnKey: 'name', order: 'descend' }, SORTS)).toBe('-name');
    expect(sortFromTable({ field: 'createdAt', order: 'ascend' }, SORTS)).toBe('createdAt');
    expect(sortFromTable({ columnKey: 'name', order: null }, SORTS)).toBeNull();
    expect(sortFromTable({ columnKey: 'phone', order: 'ascend' }, SORTS)).toBeNull();
    expect(sortFromTable([{ columnKey: 'name', order: 'ascend' }], SORTS)).toBe('name');
  });
});
