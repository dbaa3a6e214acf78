import './centers.css';
import { App, Form } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAbility } from '../../shared/acl';
import { isApiError } from '../../shared/api/client';
import { apiErrorMessage } from '../../shared/api/errorMessages';
import { showErrorOnFields } from '../../shared/api/formErrors';
import { useConfirm } from '../../shared/ui/confirm';
import { EntityDrawer, useDrawerSave } from '../../shared/ui/EntityDrawer';
import { type ListColumn, ListTable, listSearch, listTexts } from '../../shared/ui/ListTable';
import { actionsColumn } from '../../shared/ui/listColumns';
import { type ListParamsConfig, useListParams } from '../../shared/useListParams';
import { usePublicConfig } from '../settings/api';
import { type CenterListItem, useCenterList, useSaveCenter, useSetCenterActive } from './api';
import { CENTER_FIELDS, type CenterFormValues, centerFormValues, centerRequest } from './centerForm';
import { activeColumn, IncludeInactiveFilter } from './components/ActiveColumns';
import { CenterFields } from './components/CenterFields';

const SORTS = ['code', '-code', 'name', '-name', 'createdAt', '-createdAt'] as const;
type Sort = (typeof SORTS)[number];
const LIST: ListParamsConfig<Sort, 'includeInactive'> = {
  sorts: SORTS,
  defaultSort: 'code',
  filters: { includeInactive: ['true'] },
};

type Editing = { center: CenterListItem | null } | null;

function CenterDrawer({ editing, onClose }: { editing: Editing; onClose: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<CenterFormValues>();
  const save = useSaveCenter();
  const config = usePublicConfig();
  const center = editing?.center ?? null;
  const done = useDrawerSave({
    saved: t('centers:saved'),
    onClose,
    showOnFields: (error) => showErrorOnFields(form, error, t, CENTER_FIELDS, { code_taken: 'code' }),
  });

  return (
    <EntityDrawer<CenterFormValues>
      // The organisation's currency is a new centre's: the drawer opens once it is known.
      open={Boolean(editing && config.data)}
      title={center ? t('centers:editTitle', { name: center.name }) : t('centers:addTitle')}
      busy={save.isPending}
      onClose={onClose}
      size={640}
      testId="center-drawer"
      submitTestId="center-submit"
      form={form}
      name="center_edit"
      initialValues={config.data ? centerFormValues(center, config.data) : {}}
      scrollToFirstError
      onFinish={(values) => save.mutate({ id: center?.id ?? null, body: centerRequest(values) }, done)}
    >
      <CenterFields />
    </EntityDrawer>
  );
}

/** Every centre of the organisation: search, sort, include inactive, add, edit, (de)activate, export. */
export default function CenterListPage() {
  const { t, i18n } = useTranslation();
  const { message, modal } = App.useApp();
  const confirm = useConfirm();
  const ability = useAbility();
  const list = useListParams(LIST);
  const centers = useCenterList(list.query);
  const setActive = useSetCenterActive();
  const [editing, setEditing] = useState<Editing>(null);
  const numbers = new Intl.NumberFormat(i18n.resolvedLanguage ?? 'en');

  const canCreate = ability.can('create', 'Centre');
  const canUpdate = ability.can('update', 'Centre');

  const toggle = (center: CenterListItem) => {
    const active = !center.active;
    confirm({
      title: t(active ? 'centers:activateTitle' : 'centers:deactivateTitle', { name: center.name }),
      content: t(active ? 'centers:activateText' : 'centers:deactivateText'),
      okText: t(active ? 'members:table.kit.activate' : 'members:table.kit.deactivate'),
      danger: !active,
      onOk: () =>
        setActive
          .mutateAsync({ id: center.id, active })
          .then(() => void message.success(t(active ? 'centers:activated' : 'centers:deactivated')))
          .catch((error: unknown) => {
            if (isApiError(error) && error.error === 'last_center') {
              modal.warning({ title: apiErrorMessage(t, error), content: t('centers:lastCenterHelp') });
            } else {
              void message.error(apiErrorMessage(t, error));
            }
          }),
    });
  };

  const columns: ListColumn<CenterListItem>[] = [
    {
      key: 'code',
      title: t('centers:fields.code'),
      dataIndex: 'code',
      sortable: true,
      render: (code: string) => <code>{code}</code>,
    },
    { key: 'name', title: t('centers:fields.name'), dataIndex: 'name', sortable: true },
    { key: 'timeZone', title: t('centers:fields.timeZone'), dataIndex: 'timeZone', show: 'desktop' },
    { key: 'phone', title: t('centers:fields.phone'), dataIndex: 'phone', show: 'desktop' },
    {
      key: 'memberCount',
      title: t('centers:memberCount'),
      dataIndex: 'memberCount',
      align: 'right',
      show: 'tablet',
      render: (n: number) => numbers.format(n),
    },
    {
      key: 'roomCount',
      title: t('centers:roomCount'),
      dataIndex: 'roomCount',
      align: 'right',
      show: 'desktop',
      render: (n: number) => numbers.format(n),
    },
    activeColumn(t),
    ...(canUpdate
      ? [
          actionsColumn<CenterListItem>(t, {
            name: (c) => c.name,
            onEdit: (c) => setEditing({ center: c }),
            onToggle: toggle,
          }),
        ]
      : []),
  ];

  return (
    <div className="screen" data-testid="screen-center-list">
      <ListTable<CenterListItem, Sort, 'includeInactive'>
        list={list}
        result={centers}
        columns={columns}
        testId="center-table"
        texts={listTexts(t, 'centers:empty', 'centers:total', 'centers:noMatch')}
        search={listSearch(t, 'center-keyword', 'centers:searchLabel', 'centers:searchPlaceholder')}
        exportTo={{ path: '/pro/centers/export', fileName: 'centres' }}
        filters={<IncludeInactiveFilter list={list} />}
        add={
          canCreate && { label: t('centers:add'), onClick: () => setEditing({ center: null }), testId: 'center-add' }
        }
      />
      <CenterDrawer editing={editing} onClose={() => setEditing(null)} />
    </div>
  );
}
