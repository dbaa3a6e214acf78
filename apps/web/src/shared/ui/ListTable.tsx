/**
 * The one list screen body: toolbar (search, filters, CSV/XLSX export, refresh, actions), the
 * table with sorting and pagination bound to the URL state of `useListParams`, and the loading,
 * empty ("nothing yet" / "no match") and error states.
 *
 * Columns are responsive: each says from which width it is worth its space (`show`). A column
 * the screen is too narrow for is not cut off or scrolled away: it moves into the row's details
 * (the expand button at the start of the row), title and value, so a 10-inch tablet in portrait
 * sees the essentials at once and the rest one tap away.
 *
 * Every row is one line high and the table scrolls inside its card, never the page
 * (`OneLineTable`); the "Columns" button lets each user choose the columns they see, kept per user
 * in this browser (`ColumnChooser`), and a column the screen keeps for those who ask for it says
 * `defaultHidden`.
 */
import './listTable.css';
import { MoreOutlined, PlusOutlined, ReloadOutlined } from '@ant-design/icons';
import { Button, Card, Empty, type TableProps } from 'antd';
import type { TFunction } from 'i18next';
import type { Key, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { QueryValue } from '../api/client';
import { type ListParams, sortFromTable, sortOrderOf } from '../useListParams';
import { useMediaQuery } from '../useMediaQuery';
import { ColumnChooser, useColumnChoice } from './ColumnChooser';
import { chosenColumns } from './columnChoice';
import { ExportButtons } from './ExportButtons';
import { KeywordSearch } from './KeywordSearch';
import { OneLineTable } from './OneLineTable';
import { ErrorState } from './ScreenStates';

/** From which width a column is shown in the table (narrower: in the row's details). */
export type ColumnShow = 'always' | 'tablet' | 'desktop';

/** Widths of `show`: a tablet in portrait is 768 px; a desktop, with the side menu open, 1200 px. */
export const COLUMN_MIN_WIDTH: Record<ColumnShow, number> = { always: 0, tablet: 768, desktop: 1200 };

export interface ListColumn<T> {
  key: string;
  title: ReactNode;
  dataIndex?: string;
  // biome-ignore lint/suspicious/noExplicitAny: a cell's value has the type of the row's field
  render?: (value: any, row: T, index: number) => ReactNode;
  align?: 'left' | 'right' | 'center';
  width?: number;
  /** The widest the value may be before it ends in "…" (default `width`, else `CELL_MAX_WIDTH`); `none`: never cut. */
  maxWidth?: number | 'none';
  /** Off until the user turns it on in "Columns" (the screen has no room for it at 1280 px). */
  defaultHidden?: boolean;
  /** The header sorts the list by the column's `key` (a sort field of the list: `name` / `-name`). */
  sortable?: boolean;
  /** Default `always`. */
  show?: ColumnShow;
  /** The title in the row's details when `title` is not plain text (e.g. a screen-reader-only title). */
  detailTitle?: string;
}

/** What a list query answers: a page of items and the total. Any TanStack Query result fits. */
export interface ListResult<T> {
  data?: { items: T[]; total: number } | undefined;
  error: unknown;
  isPending: boolean;
  isFetching: boolean;
  isPlaceholderData: boolean;
  isError: boolean;
  refetch: () => unknown;
}

export interface ListTableProps<T extends object, S extends string, F extends string> {
  list: ListParams<S, F>;
  /** The sorts the list allows (default: its `ListParamsConfig.sorts`). */
  sorts?: readonly S[];
  result: ListResult<T>;
  columns: ListColumn<T>[];
  /** Default: the row's `id`. */
  rowKey?: (row: T) => Key;
  texts: {
    empty: ReactNode;
    noMatch: ReactNode;
    total: (count: number) => ReactNode;
    /** Shown above the rows still on screen when a refresh failed (default: none). */
    stale?: ReactNode;
  };
  /** The default search box; `searchSlot` replaces it with the screen's own. */
  search?: { id: string; label: string; placeholder?: string; pageFocus?: boolean };
  searchSlot?: ReactNode;
  /** Filter controls, after the search box. */
  filters?: ReactNode;
  /** A row of filters under the toolbar, for lists with more filters than the toolbar holds. */
  filterRow?: ReactNode;
  /** CSV and XLSX export of the current result; `query` defaults to the list's filters without paging. */
  exportTo?: { path: string; fileName: string; query?: Record<string, QueryValue>; disabled?: boolean };
  /** Buttons at the end of the toolbar. */
  actions?: ReactNode;
  /** The primary "add" button at the end of the toolbar (left out when `false`: the user may not add). */
  add?: { label: ReactNode; onClick: () => void; testId: string } | false;
  /** Above the toolbar, inside the card (a way back...). */
  lead?: ReactNode;
  /** The card's title and what stands at its end; with `toolbar: false` the list has no toolbar. */
  card?: { title?: ReactNode; extra?: ReactNode };
  toolbar?: boolean;
  /** The "Columns" button (default shown). */
  chooseColumns?: boolean;
  /** What a row opens to (default: the columns the screen has no room for). */
  expandedRowRender?: (row: T) => ReactNode;
  /** Whether the pager offers page sizes (default yes). */
  sizeChanger?: boolean;
  /** Turns the page in place of `list.setPage` (e.g. to close what the page showed, in the same step). */
  onPage?: (page: number, pageSize: number) => void;
  onRow?: TableProps<T>['onRow'];
  rowClassName?: TableProps<T>['rowClassName'];
  pageSizeOptions?: number[];
  /** `data-testid` of the table. */
  testId?: string;
}

function plainTitle<T>(column: ListColumn<T>): ReactNode {
  return column.detailTitle ?? column.title;
}

function cellValue<T>(column: ListColumn<T>, row: T, index: number): ReactNode {
  const value = column.dataIndex === undefined ? undefined : (row as Record<string, unknown>)[column.dataIndex];
  if (column.render) return column.render(value, row, index);
  return value === null || value === undefined ? '' : String(value);
}

/** Which columns fit this width; the others go into the row's details. */
export function splitColumns<C extends { show?: ColumnShow }>(columns: C[], width: 'phone' | 'tablet' | 'desktop') {
  const fits = (c: C) => {
    const show = c.show ?? 'always';
    if (show === 'always') return true;
    if (show === 'tablet') return width !== 'phone';
    return width === 'desktop';
  };
  return { shown: columns.filter(fits), hidden: columns.filter((c) => !fits(c)) };
}

const rowId = (row: object): Key => (row as { id: Key }).id;

/** A list's words from their keys: when it has no rows, when a filter matches none, and its total (with `count`). */
export function listTexts(
  t: TFunction,
  emptyKey: string,
  totalKey: string,
  noMatchKey: string,
): ListTableProps<object, string, string>['texts'] {
  return { empty: t(emptyKey), noMatch: t(noMatchKey), total: (count) => t(totalKey, { count }) };
}

/** The search box of a list: its id, and its label's and placeholder's keys. */
export function listSearch(
  t: TFunction,
  id: string,
  labelKey: string,
  placeholderKey?: string,
): NonNullable<ListTableProps<object, string, string>['search']> {
  return { id, label: t(labelKey), ...(placeholderKey ? { placeholder: t(placeholderKey) } : {}) };
}

export function ListTable<T extends object, S extends string, F extends string>({
  list,
  sorts = list.sorts,
  result,
  columns,
  rowKey = rowId,
  texts,
  search,
  searchSlot,
  filters,
  filterRow,
  exportTo,
  actions,
  add,
  lead,
  card,
  toolbar: withToolbar = true,
  chooseColumns = true,
  expandedRowRender,
  sizeChanger = true,
  onPage,
  onRow,
  rowClassName,
  pageSizeOptions,
  testId,
}: ListTableProps<T, S, F>) {
  const { t } = useTranslation();
  const tablet = useMediaQuery(`(min-width: ${COLUMN_MIN_WIDTH.tablet}px)`);
  const desktop = useMediaQuery(`(min-width: ${COLUMN_MIN_WIDTH.desktop}px)`);
  const columnChoice = useColumnChoice(testId);
  const { shown, hidden } = splitColumns(
    chosenColumns(columns, columnChoice.choice),
    desktop ? 'desktop' : tablet ? 'tablet' : 'phone',
  );

  const toolbar = withToolbar && (
    <div className="list-toolbar">
      {searchSlot ??
        (search && (
          <KeywordSearch
            id={search.id}
            value={list.keyword}
            onChange={list.setKeyword}
            label={search.label}
            placeholder={search.placeholder}
            pageFocus={search.pageFocus}
          />
        ))}
      {filters}
      <div className="list-toolbar__end">
        {exportTo && (
          <ExportButtons
            path={exportTo.path}
            query={exportTo.query ?? list.filterQuery}
            fileName={exportTo.fileName}
            disabled={exportTo.disabled}
          />
        )}
        {chooseColumns && (
          <ColumnChooser
            columns={columns.map((c) => ({ key: c.key, defaultHidden: c.defaultHidden, label: plainTitle(c) }))}
            choice={columnChoice.choice}
            onChange={columnChoice.update}
          />
        )}
        <Button
          icon={<ReloadOutlined />}
          aria-label={t('common:actions.refresh')}
          title={t('common:actions.refresh')}
          onClick={() => void result.refetch()}
          loading={result.isFetching && !result.isPending}
        />
        {actions}
        {add && (
          <Button type="primary" icon={<PlusOutlined />} onClick={add.onClick} data-testid={add.testId}>
            {add.label}
          </Button>
        )}
      </div>
    </div>
  );
  const cardProps = card ? { title: card.title, extra: card.extra } : {};
  const rowDetails =
    expandedRowRender ??
    (hidden.length > 0
      ? (row: T, index: number) => (
          <dl className="list-table__details" data-testid="row-details">
            {hidden.map((column) => (
              <div key={column.key} className="list-table__detail">
                <dt>{plainTitle(column)}</dt>
                <dd>{cellValue(column, row, index)}</dd>
              </div>
            ))}
          </dl>
        )
      : null);

  const busy = result.isPending || (result.isFetching && result.isPlaceholderData);

  if (result.isError && !result.data) {
    return (
      <Card {...cardProps}>
        {lead}
        {toolbar}
        {filterRow}
        <ErrorState error={result.error} onRetry={() => void result.refetch()} />
      </Card>
    );
  }

  return (
    <Card {...cardProps}>
      {lead}
      {toolbar}
      {filterRow}
      {result.isError && texts.stale && (
        <div className="list-stale" role="alert">
          {texts.stale}{' '}
          <Button size="small" icon={<ReloadOutlined />} onClick={() => void result.refetch()}>
            {t('common:actions.retry')}
          </Button>
        </div>
      )}
      <OneLineTable<T>
        data-testid={testId}
        rowKey={rowKey}
        loading={busy}
        // For assistive technology and tests: the rows shown are not yet those of the search in force.
        aria-busy={busy}
        data-keyword={list.keyword}
        dataSource={result.data?.items ?? []}
        locale={{ emptyText: <Empty description={list.narrowed ? texts.noMatch : texts.empty} /> }}
        onChange={(_pagination, _filters, sorter, extra) => {
          if (extra.action === 'sort') list.setSort(sortFromTable(sorter, sorts));
        }}
        {...(onRow ? { onRow } : {})}
        {...(rowClassName ? { rowClassName } : {})}
        {...(rowDetails
          ? {
              expandable: {
                columnWidth: 40,
                // The column of the expand buttons is named too (a header with nothing to read is no header).
                columnTitle: (
                  <MoreOutlined aria-label={t('members:table.details')} title={t('members:table.details')} />
                ),
                expandedRowRender: rowDetails,
              },
            }
          : {})}
        pagination={{
          current: list.page,
          pageSize: list.pageSize,
          total: result.data?.total ?? 0,
          showSizeChanger: sizeChanger,
          ...(pageSizeOptions ? { pageSizeOptions } : {}),
          showTotal: (total) => texts.total(total),
          onChange: onPage ?? ((page, pageSize) => list.setPage(page, pageSize)),
        }}
        columns={shown.map(({ sortable, show: _show, detailTitle: _detail, defaultHidden: _hidden, ...column }) => ({
          ...column,
          ...(sortable ? { sorter: true, sortOrder: sortOrderOf(column.key, list.sort) } : {}),
        }))}
      />
    </Card>
  );
}
