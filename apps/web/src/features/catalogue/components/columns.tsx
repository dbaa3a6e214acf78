import { EditOutlined, PoweroffOutlined } from '@ant-design/icons';
import { App } from 'antd';
import type { TFunction } from 'i18next';
import type { ReactNode } from 'react';
import { apiErrorMessage } from '../../../shared/api/errorMessages';
import type { ListColumn } from '../../../shared/ui/ListTable';
import { RowAction } from '../../../shared/ui/RowAction';
import { StatusTag } from '../../../shared/ui/StatusTag';

interface Item {
  name: string;
  active: boolean;
}

export function activeColumn<T extends Item>(t: TFunction): ListColumn<T> {
  return {
    key: 'active',
    title: t('catalogue:status.label'),
    dataIndex: 'active',
    width: 110,
    render: (active: boolean) =>
      active ? (
        <StatusTag tone="success">{t('catalogue:status.active')}</StatusTag>
      ) : (
        <StatusTag tone="neutral">{t('catalogue:status.inactive')}</StatusTag>
      ),
  };
}

/** Where an item is sold: every centre, or the centres' codes. */
export function coverageText(t: TFunction, item: { allCenters: boolean; centers: { code: string }[] }): string {
  return item.allCenters ? t('catalogue:allCenters') : item.centers.map((c) => c.code).join(', ');
}

/**
 * A row's actions: `before` (an action of the item's own, e.g. a course's sessions), then edit and
 * deactivate / activate when given (for those who may change the catalogue).
 */
export function actionsColumn<T extends Item>(
  t: TFunction,
  options: {
    onEdit?: ((row: T) => void) | undefined;
    onToggle?: ((row: T) => void) | undefined;
    before?: (row: T) => ReactNode;
    width?: number;
  },
): ListColumn<T> {
  const { onEdit, onToggle, before } = options;
  return {
    key: 'actions',
    title: t('catalogue:actions'),
    detailTitle: t('catalogue:actions'),
    render: (_: unknown, row: T) => (
      <div className="row-actions">
        {before?.(row)}
        {onEdit && (
          <RowAction
            icon={<EditOutlined />}
            onClick={() => onEdit(row)}
            label={t('catalogue:edit')}
            ariaLabel={t('catalogue:editAria', { name: row.name })}
          />
        )}
        {onToggle && (
          <RowAction
            icon={<PoweroffOutlined />}
            onClick={() => onToggle(row)}
            label={t(row.active ? 'catalogue:deactivate' : 'catalogue:activate')}
            ariaLabel={t(row.active ? 'catalogue:deactivateAria' : 'catalogue:activateAria', { name: row.name })}
            data-testid="item-toggle"
          />
        )}
      </div>
    ),
  };
}

/** Asks, then activates or deactivates an item with `PATCH {active}`. */
export function useConfirmActive<T extends Item & { id: string }>(
  t: TFunction,
  save: { mutateAsync: (input: { id: string; body: { active: boolean } }) => Promise<unknown> },
) {
  const { message, modal } = App.useApp();
  return (item: T) => {
    const active = !item.active;
    modal.confirm({
      title: t(active ? 'catalogue:activateTitle' : 'catalogue:deactivateTitle', { name: item.name }),
      content: active ? undefined : t('catalogue:deactivateText'),
      okText: t(active ? 'catalogue:activate' : 'catalogue:deactivate'),
      okButtonProps: active ? {} : { danger: true },
      cancelText: t('catalogue:cancel'),
      onOk: () =>
        save
          .mutateAsync({ id: item.id, body: { active } })
          .then(() => void message.success(t(active ? 'catalogue:activated' : 'catalogue:deactivated')))
          .catch((error: unknown) => void message.error(apiErrorMessage(t, error))),
    });
  };
}
