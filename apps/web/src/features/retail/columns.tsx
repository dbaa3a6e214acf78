import { EditOutlined, InboxOutlined, PoweroffOutlined } from '@ant-design/icons';
import { Button, Select } from 'antd';
import type { TFunction } from 'i18next';
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
        <Button
          size="small"
          icon={<InboxOutlined />}
          onClick={options.onStock}
          aria-label={t('retail:stock.openAria', { name })}
        >
          {t('retail:stock.title')}
        </Button>
      )}
      {options.onEdit && (
        <Button
          size="small"
          icon={<EditOutlined />}
          onClick={options.onEdit}
          aria-label={t('retail:editAria', { name })}
        >
          {t('retail:edit')}
        </Button>
      )}
      {options.onToggle && (
        <Button
          size="small"
          icon={<PoweroffOutlined />}
          onClick={options.onToggle}
          aria-label={t(options.active ? 'retail:deactivateAria' : 'retail:activateAria', { name })}
        >
          {t(options.active ? 'retail:deactivate' : 'retail:activate')}
        </Button>
      )}
    </div>
  );
}
