import './staff.css';
import { ArrowLeftOutlined, LogoutOutlined, MailOutlined, PoweroffOutlined, UnlockOutlined } from '@ant-design/icons';
import { Alert, App, Button, Card, Descriptions, Form, Space } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useParams } from 'react-router';
import { useAbility } from '../../shared/acl';
import { isApiError } from '../../shared/api/client';
import { apiErrorMessage } from '../../shared/api/errorMessages';
import { showErrorOnFields } from '../../shared/api/formErrors';
import { ButtonLink } from '../../shared/ui/ButtonLink';
import { EmptyState, ErrorState, LoadingState } from '../../shared/ui/ScreenStates';
import { StackedForm } from '../../shared/ui/StackedForm';
import { StatusTag } from '../../shared/ui/StatusTag';
import { useDateTime } from '../../shared/useDates';
import { useUserData } from '../../shared/useSession';
import { type AccountAction, type Staff, useStaffAccountAction, useStaffMember, useUpdateStaff } from './api';
import { StaffCards } from './components/StaffCards';
import { STAFF_FIELDS, StaffFields, type StaffFormValues } from './components/StaffFields';
import { mayManage, rolesGivenBy, STATUS_TONES } from './roles';

function ProfileCard({ staff, canUpdate }: { staff: Staff; canUpdate: boolean }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const user = useUserData();
  const [form] = Form.useForm<StaffFormValues>();
  const update = useUpdateStaff();
  const roles = rolesGivenBy(user?.role);
  const isSelf = user?.id === staff.id;
  // Someone whose role this user may not give keeps it; and nobody changes their own role.
  const roleLocked = isSelf || !(roles as readonly string[]).includes(staff.role);

  return (
    <Card title={t('staff:profileTitle')}>
      <StackedForm<StaffFormValues>
        form={form}
        name="staff"
        disabled={!canUpdate || update.isPending}
        scrollToFirstError={{ block: 'center', focus: true }}
        initialValues={{
          fullName: staff.fullName,
          email: staff.email,
          phone: staff.phone ?? '',
          role: staff.role,
          allCenters: staff.allCenters,
          centerIds: staff.centerIds,
          isTrainer: staff.isTrainer,
          language: staff.language,
        }}
        onFinish={(values) =>
          update.mutate(
            {
              id: staff.id,
              body: {
                fullName: values.fullName.trim(),
                email: values.email.trim(),
                phone: values.phone?.trim() ? values.phone.trim() : null,
                ...(roleLocked ? {} : { role: values.role as (typeof roles)[number] }),
                allCenters: values.allCenters,
                centerIds: values.allCenters ? [] : values.centerIds,
                isTrainer: values.isTrainer,
                language: values.language,
              },
            },
            {
              onSuccess: () => void message.success(t('staff:saved')),
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
        <StaffFields roles={roles} roleLocked={roleLocked} disabled={!canUpdate} />
        {canUpdate && (
          <Button type="primary" htmlType="submit" loading={update.isPending} data-testid="staff-save">
            {t('common:actions.save')}
          </Button>
        )}
      </StackedForm>
    </Card>
  );
}

const DONE_KEYS = {
  invite: 'staff:account.inviteSent',
  'reset-password': 'staff:account.resetSent',
  'sign-out': 'staff:account.signedOut',
  deactivate: 'staff:account.deactivated',
  activate: 'staff:account.activated',
} as const satisfies Record<AccountAction, string>;

function AccountCard({ staff, canUpdate }: { staff: Staff; canUpdate: boolean }) {
  const { t } = useTranslation();
  const { message, modal } = App.useApp();
  const user = useUserData();
  const formatDateTime = useDateTime();
  const action = useStaffAccountAction();
  const isSelf = user?.id === staff.id;

  const run = (name: AccountAction) =>
    action
      .mutateAsync({ id: staff.id, action: name })
      .then(() => void message.success(t(DONE_KEYS[name], { email: staff.email })))
      .catch((error: unknown) => {
        void message.error(apiErrorMessage(t, error));
      });

  const CONFIRM = {
    deactivate: ['staff:account.deactivateTitle', 'staff:account.deactivateText', 'staff:account.deactivate'],
    activate: ['staff:account.activateTitle', 'staff:account.activateText', 'staff:account.activate'],
    'sign-out': ['staff:account.signOutTitle', 'staff:account.signOutText', 'staff:account.signOut'],
  } as const;
  const confirm = (name: keyof typeof CONFIRM) => {
    const [title, text, ok] = CONFIRM[name];
    modal.confirm({
      title: t(title, { name: staff.fullName }),
      content: t(text),
      okText: t(ok),
      okButtonProps: name === 'activate' ? {} : { danger: true },
      cancelText: t('staff:cancel'),
      onOk: () => run(name),
    });
  };

  return (
    <Card title={t('staff:account.title')} data-testid="staff-account">
      <Descriptions
        size="small"
        column={{ xs: 1, sm: 2 }}
        items={[
          {
            key: 'status',
            label: t('staff:fields.accountStatus'),
            children: (
              <StatusTag tone={STATUS_TONES[staff.accountStatus]} testId="staff-status">
                {t(`staff:status.${staff.accountStatus}`)}
              </StatusTag>
            ),
          },
          {
            key: 'lastLogin',
            label: t('staff:fields.lastLogin'),
            children: staff.lastLoginAt ? formatDateTime(staff.lastLoginAt) : t('staff:never'),
          },
          { key: 'created', label: t('staff:fields.createdAt'), children: formatDateTime(staff.createdAt) },
        ]}
      />
      {isSelf ? (
        <p className="screen-lead">{t('staff:account.self')}</p>
      ) : (
        canUpdate && (
          <Space wrap>
            {staff.accountStatus === 'invited' && (
              <Button icon={<MailOutlined />} onClick={() => void run('invite')} loading={action.isPending}>
                {t('staff:account.resendInvite')}
              </Button>
            )}
            {staff.accountStatus === 'active' && (
              <Button icon={<UnlockOutlined />} onClick={() => void run('reset-password')} loading={action.isPending}>
                {t('staff:account.sendReset')}
              </Button>
            )}
            {staff.accountStatus === 'active' && (
              <Button icon={<LogoutOutlined />} onClick={() => confirm('sign-out')} data-testid="staff-sign-out">
                {t('staff:account.signOut')}
              </Button>
            )}
            {staff.active ? (
              <Button icon={<PoweroffOutlined />} onClick={() => confirm('deactivate')}>
                {t('staff:account.deactivate')}
              </Button>
            ) : (
              <Button icon={<PoweroffOutlined />} onClick={() => confirm('activate')}>
                {t('staff:account.activate')}
              </Button>
            )}
          </Space>
        )
      )}
    </Card>
  );
}

/** One staff member: profile, role and centres, sign-in account actions, staff cards. */
export default function StaffEditPage() {
  const { t } = useTranslation();
  const { id } = useParams();
  // Back to the list as it was left: its search, filters and page.
  const state = useLocation().state as { listSearch?: unknown } | null;
  const listSearch = typeof state?.listSearch === 'string' && state.listSearch.startsWith('?') ? state.listSearch : '';
  const ability = useAbility();
  const staff = useStaffMember(id);
  const user = useUserData();
  const mayEdit = ability.can('update', 'Staff');

  let body: ReactNode;
  if (staff.isPending) {
    body = (
      <Card>
        <LoadingState />
      </Card>
    );
  } else if (staff.isError) {
    body = (
      <Card>
        {isApiError(staff.error) && (staff.error.status === 404 || staff.error.status === 400) ? (
          <EmptyState description={t('staff:notFound')} />
        ) : (
          <ErrorState error={staff.error} onRetry={() => void staff.refetch()} />
        )}
      </Card>
    );
  } else {
    const canUpdate = mayEdit && mayManage(user, staff.data);
    body = (
      <>
        {mayEdit && !canUpdate && <Alert type="info" showIcon title={t('staff:notYours')} />}
        <ProfileCard key={staff.data.id} staff={staff.data} canUpdate={canUpdate} />
        <AccountCard staff={staff.data} canUpdate={canUpdate} />
        <StaffCards staff={staff.data} canUpdate={canUpdate} />
      </>
    );
  }

  return (
    <div className="screen" data-testid="screen-staff-edit">
      <div>
        <ButtonLink to={`/staff-list${listSearch}`} icon={<ArrowLeftOutlined />}>
          {t('staff:backToList')}
        </ButtonLink>{' '}
        {id && ability.can('read', 'Commission') && (
          <ButtonLink to={`/apps/cloudfit/staff/package/${id}`} data-testid="staff-commission-link">
            {t('sales:commission.link')}
          </ButtonLink>
        )}
      </div>
      {body}
    </div>
  );
}
