import { PlusOutlined } from '@ant-design/icons';
import { ROLES } from '@gym/contract/acl';
import { App, Button, Checkbox, Form, Space } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router';
import { useAbility } from '../../shared/acl';
import { apiErrorMessage } from '../../shared/api/errorMessages';
import { showErrorOnFields } from '../../shared/api/formErrors';
import { useAllCenters } from '../../shared/centers';
import { currentLanguage } from '../../shared/preferences';
import { EntityDrawer } from '../../shared/ui/EntityDrawer';
import { ClearableFilter, isId } from '../../shared/ui/ListFilters';
import { type ListColumn, ListTable, listSearch, listTexts } from '../../shared/ui/ListTable';
import { StatusTag } from '../../shared/ui/StatusTag';
import { useDateTime } from '../../shared/useDates';
import { type ListParamsConfig, useListParams } from '../../shared/useListParams';
import { useUserData } from '../../shared/useSession';
import { type StaffListItem, useCreateStaff, useStaffList } from './api';
import { STAFF_FIELDS, StaffFields, type StaffFormValues } from './components/StaffFields';
import { rolesGivenBy, STATUS_TONES } from './roles';

const SORTS = ['name', '-name', 'email', '-email', 'role', '-role', 'createdAt', '-createdAt'] as const;
type Sort = (typeof SORTS)[number];
type StaffFilter = 'role' | 'centerId' | 'isTrainer' | 'active';
const LIST: ListParamsConfig<Sort, StaffFilter> = {
  sorts: SORTS,
  defaultSort: 'name',
  filters: { role: ROLES, centerId: isId, isTrainer: ['true', 'false'], active: ['true', 'false'] },
};

type AddValues = StaffFormValues & { sendInvite: boolean };

function AddStaffDrawer({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const user = useUserData();
  const [form] = Form.useForm<AddValues>();
  const create = useCreateStaff();
  const roles = rolesGivenBy(user?.role);

  return (
    <EntityDrawer<AddValues>
      open={open}
      title={t('staff:addTitle')}
      busy={create.isPending}
      onClose={onClose}
      size={640}
      submitLabel={t('staff:add')}
      submitTestId="staff-submit"
      form={form}
      name="staff_add"
      scrollToFirstError
      initialValues={{
        fullName: '',
        email: '',
        phone: '',
        role: 'frontdesk',
        allCenters: user?.centerIds == null,
        centerIds: user?.centerIds?.length === 1 ? user.centerIds : [],
        isTrainer: false,
        language: currentLanguage(),
        sendInvite: true,
      }}
      onFinish={(values) =>
        create.mutate(
          {
            fullName: values.fullName.trim(),
            email: values.email.trim(),
            phone: values.phone?.trim() ? values.phone.trim() : null,
            role: values.role as (typeof roles)[number],
            allCenters: values.allCenters,
            centerIds: values.allCenters ? [] : values.centerIds,
            isTrainer: values.isTrainer,
            language: values.language,
            sendInvite: values.sendInvite,
          },
          {
            onSuccess: (staff) => {
              void message.success(
                values.sendInvite ? t('staff:addedInvited', { email: staff.email }) : t('staff:added'),
              );
              onClose();
              void navigate(`/apps/staff/edit/${staff.id}`, { state: { listSearch: window.location.search } });
            },
            onError: (error) => {
              if (
                !showErrorOnFields(form, error, t, STAFF_FIELDS, { email_taken: 'email', not_allowed_role: 'role' })
              ) {
                void message.error(apiErrorMessage(t, error));
              }
            },
          },
        )
      }
    >
      <StaffFields roles={roles} />
      <Form.Item name="sendInvite" valuePropName="checked" extra={t('staff:sendInviteHelp')}>
        <Checkbox>{t('staff:fields.sendInvite')}</Checkbox>
      </Form.Item>
    </EntityDrawer>
  );
}

/** Staff of the organisation: search, filters (role, centre, trainer, active), sort, add, export. */
export default function StaffListPage() {
  const { t } = useTranslation();
  const ability = useAbility();
  const list = useListParams(LIST);
  const { search } = useLocation();
  const staff = useStaffList(list.query);
  const centers = useAllCenters();
  const formatDateTime = useDateTime();
  const [adding, setAdding] = useState(false);
  const centerName = new Map(centers.data?.map((c) => [c.id, c.code]) ?? []);

  const yesNo = [
    { value: 'true', label: t('staff:yes') },
    { value: 'false', label: t('staff:no') },
  ];

  const columns: ListColumn<StaffListItem>[] = [
    {
      key: 'name',
      title: t('staff:fields.fullName'),
      dataIndex: 'fullName',
      sortable: true,
      render: (name: string, row) => (
        <Link to={`/apps/staff/edit/${row.id}`} state={{ listSearch: search }}>
          {name}
        </Link>
      ),
    },
    { key: 'email', title: t('staff:fields.email'), dataIndex: 'email', sortable: true, show: 'desktop' },
    {
      key: 'role',
      title: t('staff:fields.role'),
      dataIndex: 'role',
      sortable: true,
      render: (role: string, row) => (
        <Space size={4} wrap>
          <span>{t(`common:roles.${role}`)}</span>
          {row.isTrainer && <StatusTag tone="accent">{t('staff:trainerTag')}</StatusTag>}
        </Space>
      ),
    },
    {
      key: 'centers',
      title: t('staff:fields.centers'),
      show: 'tablet',
      render: (_: unknown, row) =>
        row.allCenters ? t('staff:allCentersYes') : row.centerIds.map((id) => centerName.get(id) ?? '…').join(', '),
    },
    {
      key: 'status',
      title: t('staff:fields.accountStatus'),
      dataIndex: 'accountStatus',
      render: (status: StaffListItem['accountStatus']) => (
        <StatusTag tone={STATUS_TONES[status]} testId="staff-status">
          {t(`staff:status.${status}`)}
        </StatusTag>
      ),
    },
    {
      key: 'card',
      title: t('staff:fields.card'),
      dataIndex: 'cardNumber',
      show: 'desktop',
      render: (number: string | null) => (number ? <code>{number}</code> : ''),
    },
    {
      key: 'lastLoginAt',
      title: t('staff:fields.lastLogin'),
      dataIndex: 'lastLoginAt',
      show: 'desktop',
      render: (at: string | null) => (at ? formatDateTime(at) : t('staff:never')),
    },
  ];

  return (
    <div className="screen" data-testid="screen-staff-list">
      <ListTable<StaffListItem, Sort, StaffFilter>
        list={list}
        result={staff}
        columns={columns}
        testId="staff-table"
        texts={listTexts(t, 'staff:empty', 'staff:total', 'staff:noMatch')}
        search={listSearch(t, 'staff-keyword', 'staff:searchLabel', 'staff:searchPlaceholder')}
        exportTo={{ path: '/pro/staff/export', fileName: 'staff' }}
        filters={
          <>
            <ClearableFilter
              list={list}
              filter="role"
              label={t('staff:filters.role')}
              options={ROLES.map((role) => ({ value: role, label: t(`common:roles.${role}`) }))}
              testId="filter-role"
            />
            <ClearableFilter
              list={list}
              filter="centerId"
              label={t('staff:filters.center')}
              loading={centers.isPending}
              options={centers.data?.map((c) => ({ value: c.id, label: `${c.name} (${c.code})` }))}
              wideOptions
            />
            <ClearableFilter list={list} filter="isTrainer" label={t('staff:filters.trainer')} options={yesNo} />
            <ClearableFilter
              list={list}
              filter="active"
              label={t('staff:filters.active')}
              options={[
                { value: 'true', label: t('staff:filters.activeOnly') },
                { value: 'false', label: t('staff:filters.inactiveOnly') },
              ]}
            />
          </>
        }
        actions={
          ability.can('create', 'Staff') && (
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setAdding(true)} data-testid="staff-add">
              {t('staff:add')}
            </Button>
          )
        }
      />
      <AddStaffDrawer open={adding} onClose={() => setAdding(false)} />
    </div>
  );
}
