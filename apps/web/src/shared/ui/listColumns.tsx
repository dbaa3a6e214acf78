/**
 * Columns every list of items that can be switched off shares: the item's state (active /
 * inactive) and the row's actions (an item's own first, then edit and deactivate / activate for
 * those who may). The words are the list kit's (`members:table.kit.*`, beside the "Columns" button's), the same on every list.
 */
import { EditOutlined, PoweroffOutlined } from '@ant-design/icons';
import type { TFunction } from 'i18next';
import type { ReactNode } from 'react';
import type { ListColumn } from './ListTable';
import { RowAction } from './RowAction';
import { StatusTag } from './StatusTag';

/** An item's state in words and colour. */
export function ActiveTag({ active, t }: { active: boolean; t: TFunction }) {
  return active ? (
    <StatusTag tone="success">{t('members:table.kit.active')}</StatusTag>
  ) : (
    <StatusTag tone="neutral">{t('members:table.kit.inactive')}</StatusTag>
  );
}

export function activeColumn<T extends { active: boolean }>(t: TFunction): ListColumn<T> {
  return {
    key: 'active',
    title: t('members:table.kit.status'),
    dataIndex: 'active',
    width: 110,
    render: (active: boolean) => <ActiveTag active={active} t={t} />,
  };
}

export interface RowActionsOptions<T> {
  /** The row's name in the buttons' accessible names ("Edit Gold 12 months"). */
  name: (row: T) => string;
  onEdit?: ((row: T) => void) | undefined;
  onToggle?: ((row: T) => void) | undefined;
  /** Actions of the item's own, before edit. */
  before?: (row: T) => ReactNode;
  /** `data-testid` of the toggle button. */
  toggleTestId?: string;
}

/** A row's buttons: `before`, then edit and deactivate / activate when given. */
export function RowActions<T extends { active: boolean }>({
  row,
  t,
  options,
}: {
  row: T;
  t: TFunction;
  options: RowActionsOptions<T>;
}) {
  const { onEdit, onToggle, before, toggleTestId } = options;
  const name = options.name(row);
  return (
    <div className="row-actions">
      {before?.(row)}
      {onEdit && (
        <RowAction
          icon={<EditOutlined />}
          onClick={() => onEdit(row)}
          label={t('members:table.kit.edit')}
          ariaLabel={t('members:table.kit.editAria', { name })}
        />
      )}
      {onToggle && (
        <RowAction
          icon={<PoweroffOutlined />}
          onClick={() => onToggle(row)}
          label={t(row.active ? 'members:table.kit.deactivate' : 'members:table.kit.activate')}
          ariaLabel={t(row.active ? 'members:table.kit.deactivateAria' : 'members:table.kit.activateAria', { name })}
          {...(toggleTestId ? { 'data-testid': toggleTestId } : {})}
        />
      )}
    </div>
  );
}

export function actionsColumn<T extends { active: boolean }>(
  t: TFunction,
  options: RowActionsOptions<T>,
): ListColumn<T> {
  return {
    key: 'actions',
    title: t('members:table.kit.actions'),
    detailTitle: t('members:table.kit.actions'),
    render: (_: unknown, row: T) => <RowActions row={row} t={t} options={options} />,
  };
}
