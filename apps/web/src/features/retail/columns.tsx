import { EditOutlined, InboxOutlined, PoweroffOutlined } from '@ant-design/icons';
import { Select } from 'antd';
import type { TFunction } from 'i18next';
import { RowAction } from '../../shared/ui/RowAction';
import { StatusTag } from '../../shared/ui/StatusTag';

/** The active / inactive column of the retail lists. */
export function activeColumn(t: TFunction) {
  return {
    key: 'active',
    title: t('retail:status.label'),
    dataIndex: 'active',
    width: 110,
    render: (active: boolean) =>
      active ? (
        <StatusTag tone="success">{t('retail:status.active')}</StatusTag>
      ) : (
        <StatusTag tone="neutral">{t('retail:status.inactive')}</StatusTag>
      ),
  };
}

/** All / active / inactive, kept in the URL (`active=true|false`). */
export function activeFilter(t: TFunction, value: string | undefined, onChange: (value: string | null) => void) {
  return (
    <Select
      className="list-toolbar__filter"
      aria-label={t('retail:status.label')}
      value={value ?? 'all'}
      popupMatchSelectWidth={false}
      onChange={(v: string) => onChange(v === 'all' ? null : v)}
      options={[
        { value: 'all', label: t('retail:status.all') },
        { value: 'true', label: t('retail:status.active') },
        { value: 'false', label: t('retail:status.inactive') },
      ]}
      data-testid="filter-active"
    />
  );
}

/** A row's buttons: stock (products), edit and deactivate / activate for those who may. */
export function rowActions(
  t: TFunction,
  name: string,
  options: { onStock?: () => void; onEdit?: () => void; onToggle?: () => void; active?: boolean },
) {
  return (
    <div className="row-actions">
      {options.onStock && (
        <RowAction
          icon={<InboxOutlined />}
          onClick={options.onStock}
          label={t('retail:stock.title')}
          ariaLabel={t('retail:stock.openAria', { name })}
        />
      )}
      {options.onEdit && (
        <RowAction
          icon={<EditOutlined />}
          onClick={options.onEdit}
          label={t('retail:edit')}
          ariaLabel={t('retail:editAria', { name })}
        />
      )}
      {options.onToggle && (
        <RowAction
          icon={<PoweroffOutlined />}
          onClick={options.onToggle}
          label={t(options.active ? 'retail:deactivate' : 'retail:activate')}
          ariaLabel={t(options.active ? 'retail:deactivateAria' : 'retail:activateAria', { name })}
        />
      )}
    </div>
  );
}
