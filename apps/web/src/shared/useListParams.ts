/**
 * The state of a list screen (keyword, page, page size, sort, filters) kept in the URL, so that
 * back, reload and a shared link show the same list. Values equal to their default are left out of
 * the URL; a value a hand-edited URL got wrong falls back to its default instead of breaking the
 * screen.
 *
 * With `storageKey` the state is also kept in sessionStorage and restored when the screen is
 * opened without any list parameter (from the menu, or a link to the bare path): the spec keeps
 * the member search (keyword and page) "in the session state".
 */
import type { AppAbility } from '@gym/contract/acl';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { useAbility } from './acl';
import type { QueryValue } from './api/client';
import { session } from './storage';

/** How a filter's value is checked: a list of allowed values, a predicate, or `true` for any non-empty text. */
export type FilterRule = readonly string[] | ((value: string) => boolean) | true;

export interface ListParamsConfig<S extends string, F extends string> {
  /** Allowed sorts (`name`, `-name`); the first form of a field is ascending, `-` descending. */
  sorts: readonly S[];
  defaultSort: S;
  pageSizes?: readonly number[];
  defaultPageSize?: number;
  filters?: Readonly<Record<F, FilterRule>>;
  /** sessionStorage key under which the last state of this list is remembered. */
  storageKey?: string;
}

export interface ListState<S extends string, F extends string> {
  keyword: string;
  page: number;
  pageSize: number;
  sort: S;
  filters: Partial<Record<F, string>>;
}

export const DEFAULT_PAGE_SIZES = [10, 20, 50, 100] as const;
const KEYWORD_MAX = 100;

/** The parameter names a list owns in the URL; others (e.g. a drawer's `open=`) are left alone. */
export function listParamNames<S extends string, F extends string>(config: ListParamsConfig<S, F>): string[] {
  return ['keyword', 'page', 'pageSize', 'sort', ...Object.keys(config.filters ?? {})];
}

function defaultPageSize<S extends string, F extends string>(config: ListParamsConfig<S, F>): number {
  return config.defaultPageSize ?? 20;
}

function filterAllows(rule: FilterRule, value: string): boolean {
  if (rule === true) return value.length > 0;
  if (typeof rule === 'function') return rule(value);
  return rule.includes(value);
}

function positiveInt(value: string | null): number | null {
  if (value === null || !/^\d{1,6}$/.test(value)) return null;
  const n = Number(value);
  return n >= 1 ? n : null;
}

export function parseListParams<S extends string, F extends string>(
  search: URLSearchParams,
  config: ListParamsConfig<S, F>,
): ListState<S, F> {
  const sizes = config.pageSizes ?? DEFAULT_PAGE_SIZES;
  const size = positiveInt(search.get('pageSize'));
  const sort = search.get('sort');
  const filters: Partial<Record<F, string>> = {};
  for (const [name, rule] of Object.entries(config.filters ?? {}) as [F, FilterRule][]) {
    const value = search.get(name);
    if (value !== null && filterAllows(rule, value)) filters[name] = value;
  }
  return {
    keyword: (search.get('keyword') ?? '').trim().slice(0, KEYWORD_MAX),
    page: positiveInt(search.get('page')) ?? 1,
    pageSize: size !== null && sizes.includes(size) ? size : defaultPageSize(config),
    sort: sort !== null && (config.sorts as readonly string[]).includes(sort) ? (sort as S) : config.defaultSort,
    filters,
  };
}

/** Writes the state into a copy of `base`, leaving defaults out and other parameters as they were. */
export function writeListParams<S extends string, F extends string>(
  state: ListState<S, F>,
  config: ListParamsConfig<S, F>,
  base: URLSearchParams = new URLSearchParams(),
): URLSearchParams {
  const next = new URLSearchParams(base);
  for (const name of listParamNames(config)) next.delete(name);
  if (state.keyword) next.set('keyword', state.keyword);
  if (state.page > 1) next.set('page', String(state.page));
  if (state.pageSize !== defaultPageSize(config)) next.set('pageSize', String(state.pageSize));
  if (state.sort !== config.defaultSort) next.set('sort', state.sort);
  for (const name of Object.keys(config.filters ?? {}) as F[]) {
    const value = state.filters[name];
    if (value) next.set(name, value);
  }
  return next;
}

export type ListChange<S extends string, F extends string> = Partial<Omit<ListState<S, F>, 'filters'>> & {
  filters?: Partial<Record<F, string | null | undefined>>;
};

/**
 * The state after a change. A new keyword, filter, sort or page size shows a different result,
 * whose page 1 is where the reader starts: the page goes back to 1 unless the change names one.
 */
export function applyListChange<S extends string, F extends string>(
  state: ListState<S, F>,
  change: ListChange<S, F>,
): ListState<S, F> {
  const filters = { ...state.filters };
  let resultChanged = false;
  for (const [name, value] of Object.entries(change.filters ?? {}) as [F, string | null | undefined][]) {
    const normalised = value ?? undefined;
    if (filters[name] === normalised) continue;
    resultChanged = true;
    if (normalised === undefined || normalised === '') delete filters[name];
    else filters[name] = normalised;
  }
  const keyword = change.keyword !== undefined ? change.keyword.trim().slice(0, KEYWORD_MAX) : state.keyword;
  const sort = change.sort ?? state.sort;
  const pageSize = change.pageSize ?? state.pageSize;
  if (keyword !== state.keyword || sort !== state.sort || pageSize !== state.pageSize) resultChanged = true;
  const page = change.page ?? (resultChanged ? 1 : state.page);
  return { keyword, page, pageSize, sort, filters };
}

/** The list state as query parameters for the API (`GET` list and its export): empty values left out. */
export function listQuery<S extends string, F extends string>(state: ListState<S, F>): Record<string, QueryValue> {
  return {
    ...(state.keyword ? { keyword: state.keyword } : {}),
    page: state.page,
    pageSize: state.pageSize,
    sort: state.sort,
    ...state.filters,
  };
}

/** The same without paging: what an export of "the current result" sends. */
export function listFilterQuery<S extends string, F extends string>(
  state: ListState<S, F>,
): Record<string, QueryValue> {
  const { page: _page, pageSize: _pageSize, ...rest } = listQuery(state);
  return rest;
}

function hasListParams<S extends string, F extends string>(search: URLSearchParams, config: ListParamsConfig<S, F>) {
  return listParamNames(config).some((name) => search.has(name));
}

function storedSearch<S extends string, F extends string>(config: ListParamsConfig<S, F>): URLSearchParams | null {
  if (!config.storageKey) return null;
  const raw = session.get(config.storageKey);
  if (!raw) return null;
  return new URLSearchParams(raw);
}

export interface ListParams<S extends string, F extends string> extends ListState<S, F> {
  /** Changes the state; the keyword replaces the history entry (typing makes many), the rest pushes one. */
  update: (change: ListChange<S, F>, options?: { replace?: boolean }) => void;
  setKeyword: (keyword: string) => void;
  setPage: (page: number, pageSize?: number) => void;
  setSort: (sort: S | null) => void;
  setFilter: (name: F, value: string | null | undefined) => void;
  /** Back to every default (and forgets the remembered state). */
  reset: () => void;
  /** For the API list call. */
  query: Record<string, QueryValue>;
  /** For the export of the current result (no paging). */
  filterQuery: Record<string, QueryValue>;
  /** True when a keyword or filter narrows the list (the empty state then says "no match"). */
  narrowed: boolean;
  /** The sorts the list allows (its config's). */
  sorts: readonly S[];
}

/** The config object should be a module-level constant (its identity is a dependency). */
export function useListParams<S extends string, F extends string>(config: ListParamsConfig<S, F>): ListParams<S, F> {
  const [search, setSearch] = useSearchParams();
  const fromUrl = hasListParams(search, config);
  const restored = fromUrl ? null : storedSearch(config);
  // Arriving without list parameters: show the remembered list at once (no flash of page 1) and
  // put its parameters into the address below, so that back and reload keep it.
  const effective = restored ?? search;
  const searchText = effective.toString();
  // biome-ignore lint/correctness/useExhaustiveDependencies: the text is the identity of the params
  const state = useMemo(() => parseListParams(effective, config), [searchText, config]);

  useEffect(() => {
    if (!restored) return;
    const next = writeListParams(state, config, search);
    if (next.toString() !== search.toString()) setSearch(next, { replace: true });
  }, [restored, state, config, search, setSearch]);

  useEffect(() => {
    if (!config.storageKey || restored) return;
    const text = writeListParams(state, config).toString();
    session.set(config.storageKey, text || null);
  }, [state, config, restored]);

  const update = useCallback(
    (change: ListChange<S, F>, options?: { replace?: boolean }) => {
      const replace = options?.replace ?? (change.keyword !== undefined && Object.keys(change).length === 1);
      setSearch(
        (current) => {
          const base = hasListParams(current, config) ? current : (storedSearch(config) ?? current);
          const next = applyListChange(parseListParams(base, config), change);
          // Remember the new state at once: a change back to every default (a cleared keyword) leaves
          // no list parameter in the address, and the render that follows must not mistake that for
          // "arrived from the menu" and restore the old keyword from the session (which looped).
          if (config.storageKey) session.set(config.storageKey, writeListParams(next, config).toString() || null);
          return writeListParams(next, config, current);
        },
        { replace },
      );
    },
    [config, setSearch],
  );

  return useMemo(() => {
    const narrowed = Boolean(state.keyword) || Object.keys(state.filters).length > 0;
    return {
      ...state,
      sorts: config.sorts,
      update,
      setKeyword: (keyword: string) => update({ keyword }),
      setPage: (page: number, pageSize?: number) =>
        update(pageSize !== undefined && pageSize !== state.pageSize ? { pageSize } : { page }),
      setSort: (sort: S | null) => update({ sort: sort ?? config.defaultSort }),
      setFilter: (name: F, value: string | null | undefined) =>
        update({ filters: { [name]: value } as Partial<Record<F, string | null | undefined>> }),
      reset: () => {
        if (config.storageKey) session.set(config.storageKey, null);
        setSearch((current) => {
          const next = new URLSearchParams(current);
          for (const name of listParamNames(config)) next.delete(name);
          return next;
        });
      },
      query: listQuery(state),
      filterQuery: listFilterQuery(state),
      narrowed,
    };
  }, [state, update, config, setSearch]);
}

/**
 * antd Table sort helpers: `sortOrderOf('name', '-name')` is `'descend'`, and a table's sorter
 * turns back into a sort with `sortFromTable`.
 */
export function sortOrderOf(field: string, sort: string): 'ascend' | 'descend' | null {
  if (sort === field) return 'ascend';
  if (sort === `-${field}`) return 'descend';
  return null;
}

export function sortFromTable<S extends string>(
  sorter: { columnKey?: unknown; field?: unknown; order?: 'ascend' | 'descend' | null } | unknown[],
  sorts: readonly S[],
): S | null {
  const one = Array.isArray(sorter) ? sorter[0] : sorter;
  if (!one || typeof one !== 'object') return null;
  const { columnKey, field, order } = one as { columnKey?: unknown; field?: unknown; order?: string | null };
  const key = typeof columnKey === 'string' ? columnKey : typeof field === 'string' ? field : null;
  if (!key || !order) return null;
  const wanted = order === 'descend' ? `-${key}` : key;
  return (sorts as readonly string[]).includes(wanted) ? (wanted as S) : null;
}

type Subject = Parameters<AppAbility['can']>[1];

export interface Editing<T> {
  item: T | null;
}

type DataOf<R> = R extends { data?: infer D } ? D : never;
type ItemOf<R> = NonNullable<DataOf<R>> extends { items: (infer T)[] } ? T : never;

/**
 * What a list of items with a create / edit drawer holds: its URL state, the page of items the
 * server answers, whether the user may add or change them, and which item the drawer edits
 * (`{ item: null }`: a new one; `null`: the drawer is closed).
 */
export function useItemList<S extends string, F extends string, R extends { data?: { items: unknown[] } | undefined }>(
  config: ListParamsConfig<S, F>,
  useList: (query: Record<string, QueryValue>) => R,
  subject: Subject,
) {
  type T = ItemOf<R>;
  const list = useListParams(config);
  const result = useList(list.query);
  const ability = useAbility();
  const [editing, setEditing] = useState<Editing<T> | null>(null);
  return {
    list,
    result,
    editing,
    /** Opens the drawer on `item` (null: a new one). */
    edit: (item: T | null) => setEditing({ item }),
    /** What the drawer takes: the item it edits, and how it closes. */
    drawer: { editing, onClose: () => setEditing(null) },
    /** The list's "add" button, for those who may add. */
    addButton: (label: string, testId: string) =>
      ability.can('create', subject) && { label, onClick: () => setEditing({ item: null }), testId },
    canCreate: ability.can('create', subject),
    canUpdate: ability.can('update', subject),
  };
}

/**
 * One parameter of the address beside a list's own (what a drawer or a dialog shows: `?open=<id>`):
 * its value, and a setter that leaves the rest of the address as it is. Opening adds a history
 * entry (back closes it again); closing replaces it.
 */
export function useSearchParam(name: string): [string | null, (value: string | null) => void] {
  const [search, setSearch] = useSearchParams();
  const set = (value: string | null) =>
    setSearch(
      (current) => {
        const next = new URLSearchParams(current);
        if (value) next.set(name, value);
        else next.delete(name);
        return next;
      },
      { replace: !value },
    );
  return [search.get(name), set];
}
