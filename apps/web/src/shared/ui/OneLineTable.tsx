/**
 * The table every list shows (through `ListTable`, or directly for lists without paging): a row is
 * one line high in every language, a long value ends in "…" with the whole value in a tooltip, and
 * a table wider than its card scrolls inside the card, never the page (decision: lists fit the
 * desk's 1280 px screen).
 *
 * A cell's text is held to its column's `maxWidth` (default its `width`, else `CELL_MAX_WIDTH`);
 * a cell holding buttons or switches is never cut (its controls are its width).
 */
import './listTable.css';
import { Table, type TableProps } from 'antd';
import type { ColumnType } from 'antd/es/table';
import type { CSSProperties, MouseEvent, ReactNode } from 'react';

/** The widest a text cell grows before its value ends in "…" (names, e-mails, descriptions). */
export const CELL_MAX_WIDTH = 200;

/** The column options a one-line cell reads. */
export interface OneLineOptions {
  width?: number | string;
  /** The widest the cell's value may be before it ends in "…"; `none` never cuts it. */
  maxWidth?: number | 'none';
}

/** Sets the cell's tooltip to its whole text when the text is cut (and only then). */
function titleWhenCut(event: MouseEvent<HTMLElement>) {
  const cell = event.currentTarget.querySelector<HTMLElement>(':scope > .one-line');
  if (!cell) return;
  if (cell.scrollWidth > cell.clientWidth + 1) cell.title = (cell.textContent ?? '').trim();
  else cell.removeAttribute('title');
}

export function OneLine({ children, maxWidth }: { children: ReactNode; maxWidth: number | 'none' }) {
  const style = (maxWidth === 'none' ? { maxWidth: 'none' } : { '--cell-max': `${maxWidth}px` }) as CSSProperties;
  return (
    <div className="one-line" style={style}>
      {children}
    </div>
  );
}

export function cellMaxWidth(options: OneLineOptions): number | 'none' {
  if (options.maxWidth !== undefined) return options.maxWidth;
  return typeof options.width === 'number' ? options.width : CELL_MAX_WIDTH;
}

/** An antd column whose cells are one line: the value (its `render` or its `dataIndex`) wrapped. */
export function oneLineColumn<T>(column: ColumnType<T> & OneLineOptions): ColumnType<T> {
  const { maxWidth: _max, render, onCell, ...rest } = column;
  const max = cellMaxWidth(column);
  return {
    ...rest,
    ellipsis: false,
    onCell: (row: T, index?: number) => ({ ...onCell?.(row, index), onMouseEnter: titleWhenCut }),
    render: (value: unknown, row: T, index: number) => {
      const shown = (render ? render(value, row, index) : value) as ReactNode;
      return <OneLine maxWidth={max}>{shown ?? ''}</OneLine>;
    },
  };
}

export type OneLineColumns<T> = (ColumnType<T> & OneLineOptions & { children?: never })[];

type Props<T> = Omit<TableProps<T>, 'columns'> & { columns: OneLineColumns<T> };

/** antd's Table with one-line cells, its own horizontal scroll and the list tables' density. */
export function OneLineTable<T extends object>({ columns, className, scroll, ...props }: Props<T>) {
  return (
    <Table<T>
      size="middle"
      tableLayout="auto"
      {...props}
      className={['list-table', className].filter(Boolean).join(' ')}
      scroll={{ x: true, ...scroll }}
      columns={columns.map((c) => oneLineColumn(c))}
    />
  );
}

/**
 * A table inside a section (a card, a drawer, a tab of the member file): small, every row on one
 * page, its rows keyed by their `id`, unless the section says otherwise.
 */
export function SectionTable<T extends object>(props: Props<T>) {
  return <OneLineTable<T> size="small" rowKey="id" pagination={false} {...props} />;
}
