import { EditOutlined, PoweroffOutlined } from '@ant-design/icons';
import type { TFunction } from 'i18next';
import { RowAction } from '../../../shared/ui/RowAction';
import { StatusTag } from '../../../shared/ui/StatusTag';

interface Activatable {
  name: string;
  active: boolean;
}

/** The active / inactive column that the centre and room lists share. */
export function activeColumn(t: TFunction) {
  return {
    key: 'active',
    title: t('centers:status.label'),
    dataIndex: 'active',
    width: 110,
    render: (active: boolean) =>
      active ? (
        <StatusTag tone="success">{t('centers:status.active')}</StatusTag>
      ) : (
        <StatusTag tone="neutral">{t('centers:status.inactive')}</StatusTag>
      ),
  };
}

/** Edit and deactivate / activate buttons of a row; `editAria` names the row for screen readers. */
export function editAndActiveColumn<T extends Activatable>(
  t: TFunction,
  options: { editAria: (row: T) => string; onEdit: (row: T) => void; onToggle: (row: T) => void },
) {
  return {
    key: 'actions',
    title: t('centers:actions'),
    render: (_: unknown, row: T) => (
      <div className="row-actions">
        <RowAction
          icon={<EditOutlined />}
          onClick={() => options.onEdit(row)}
          label={t('centers:edit')}
          ariaLabel={options.editAria(row)}
        />
        <RowAction
          icon={<PoweroffOutlined />}
          onClick={() => options.onToggle(row)}
          label={t(row.active ? 'centers:deactivate' : 'centers:activate')}
          ariaLabel={t(row.active ? 'centers:deactivateAria' : 'centers:activateAria', { name: row.name })}
        />
      </div>
    ),
  };
}
