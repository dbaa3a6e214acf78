import { UserAddOutlined, UserDeleteOutlined } from '@ant-design/icons';
import type { Group, MemberListItem } from '@gym/contract/members';
import { App, Button, Drawer, Empty, Popconfirm, Space } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { apiErrorMessage } from '../../../shared/api/errorMessages';
import { ExportButtons } from '../../../shared/ui/ExportButtons';
import { SectionTable } from '../../../shared/ui/OneLineTable';
import { ErrorState } from '../../../shared/ui/ScreenStates';
import { useIsDesktop } from '../../../shared/useMediaQuery';
import { MEMBER_EXPORT_PATH, useAddGroupMembers, useMembers, useRemoveGroupMember } from '../api';
import { memberName } from '../format';
import { memberPath } from '../paths';
import { GroupLabel } from './GroupLabel';
import { MemberSearchSelect } from './MemberSearchSelect';
import { MemberStatusTag } from './MemberStatusTag';

const PAGE_SIZE = 10;

interface Props {
  group: Group;
  canEdit: boolean;
  onClose: () => void;
}

/** A group's members (the member list filtered by the group), with adding and removing. */
export function GroupMembersDrawer({ group, canEdit, onClose }: Props) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const isDesktop = useIsDesktop();
  const [page, setPage] = useState(1);
  const [chosen, setChosen] = useState<string[]>([]);
  const members = useMembers({ groupId: group.id, page, pageSize: PAGE_SIZE, sort: 'name' });
  const add = useAddGroupMembers(group.id);
  const remove = useRemoveGroupMember(group.id);
  const shown = new Set((members.data?.items ?? []).map((m) => m.id));

  const addChosen = () =>
    add.mutate(chosen, {
      onSuccess: ({ added }) => {
        setChosen([]);
        void message.success(t('groups:members.added', { added }));
      },
      onError: (error) => void message.error(apiErrorMessage(t, error)),
    });

  return (
    <Drawer
      open
      onClose={onClose}
      size={isDesktop ? 720 : '100%'}
      title={
        <Space>
          <GroupLabel name={group.name} color={group.color} />
          {t('groups:members.title')}
        </Space>
      }
      destroyOnHidden
      data-testid="group-members"
    >
      {canEdit && (
        <div className="group-add">
          <label htmlFor="group-add-members" className="group-add__label">
            {t('groups:members.add')}
          </label>
          <div className="group-add__row">
            <MemberSearchSelect
              id="group-add-members"
              value={chosen}
              onChange={setChosen}
              exclude={shown}
              disabled={add.isPending}
            />
            <Button
              type="primary"
              icon={<UserAddOutlined />}
              disabled={chosen.length === 0}
              loading={add.isPending}
              onClick={addChosen}
              data-testid="group-add-submit"
            >
              {chosen.length > 0
                ? t('groups:members.addButtonCount', { n: chosen.length })
                : t('groups:members.addButton')}
            </Button>
          </div>
        </div>
      )}
      <div className="group-members__toolbar">
        <ExportButtons
          path={MEMBER_EXPORT_PATH}
          query={{ groupId: group.id, sort: 'name' }}
          fileName={`group-${group.name}`}
          size="small"
          disabled={members.data?.total === 0}
        />
      </div>
      {members.isError && !members.data ? (
        <ErrorState error={members.error} onRetry={() => void members.refetch()} />
      ) : (
        <SectionTable<MemberListItem>
          loading={members.isPending || (members.isFetching && members.isPlaceholderData)}
          dataSource={members.data?.items ?? []}
          locale={{ emptyText: <Empty description={t('groups:members.empty')} /> }}
          pagination={{
            current: page,
            pageSize: PAGE_SIZE,
            total: members.data?.total ?? 0,
            showSizeChanger: false,
            showTotal: (total) => t('members:list.total', { total }),
            onChange: setPage,
          }}
          columns={[
            { key: 'code', dataIndex: 'code', title: t('members:columns.code'), width: 110 },
            {
              key: 'name',
              title: t('members:columns.name'),
              render: (_, m) => (
                <Link to={memberPath(m.id)}>
                  {memberName(m)}
                  {m.chineseName ? ` ${m.chineseName}` : ''}
                </Link>
              ),
            },
            { key: 'phone', dataIndex: 'phone', title: t('members:columns.phone'), width: 130 },
            {
              key: 'status',
              title: t('members:columns.status'),
              width: 100,
              render: (_, m) => <MemberStatusTag status={m.status} />,
            },
            ...(canEdit
              ? [
                  {
                    key: 'remove',
                    title: t('groups:actions'),
                    width: 110,
                    render: (_: unknown, m: MemberListItem) => (
                      <Popconfirm
                        title={t('groups:members.removeConfirm', { name: memberName(m), group: group.name })}
                        okText={t('groups:members.remove')}
                        cancelText={t('members:actions.cancel')}
                        onConfirm={() =>
                          remove
                            .mutateAsync(m.id)
                            .catch((error: unknown) => void message.error(apiErrorMessage(t, error)))
                        }
                      >
                        <Button
                          size="small"
                          icon={<UserDeleteOutlined />}
                          aria-label={t('groups:members.removeAria', { name: memberName(m) })}
                        >
                          {t('groups:members.remove')}
                        </Button>
                      </Popconfirm>
                    ),
                  },
                ]
              : []),
          ]}
        />
      )}
    </Drawer>
  );
}
