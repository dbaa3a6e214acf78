import './members.css';
import { DeleteOutlined, EditOutlined, TeamOutlined } from '@ant-design/icons';
import type { Group } from '@gym/contract/members';
import { App, Button, Popconfirm, Space } from 'antd';
import { type HTMLAttributes, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAbility } from '../../shared/acl';
import { apiErrorMessage } from '../../shared/api/errorMessages';
import { type ListColumn, ListTable, listSearch } from '../../shared/ui/ListTable';
import { type ListParamsConfig, useListParams, useSearchParam } from '../../shared/useListParams';
import { useDeleteGroup, useGroupOptions, useGroups } from './api';
import { GroupFormModal } from './components/GroupFormModal';
import { GroupLabel } from './components/GroupLabel';
import { GroupMembersDrawer } from './components/GroupMembersDrawer';
import { useFormatters } from './format';

const GROUP_SORTS = ['name', '-name', 'memberCount', '-memberCount', 'createdAt', '-createdAt'] as const;
type GroupSort = (typeof GROUP_SORTS)[number];

const GROUP_LIST_PARAMS: ListParamsConfig<GroupSort, never> = {
  sorts: GROUP_SORTS,
  defaultSort: 'name',
  defaultPageSize: 20,
};

type Editing = { group: Group | null } | null;

export default function GroupListPage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const ability = useAbility();
  const canEdit = ability.can('update', 'Member');
  const list = useListParams(GROUP_LIST_PARAMS);
  const groups = useGroups(list.query);
  const remove = useDeleteGroup();
  const format = useFormatters();
  const [editing, setEditing] = useState<Editing>(null);
  const [openId, setOpen] = useSearchParam('group');
  // A group opened from a link may be on another page of the list: the picker list has every group.
  const allGroups = useGroupOptions(Boolean(openId));
  const open = groups.data?.items.find((g) => g.id === openId) ?? allGroups.data?.find((g) => g.id === openId) ?? null;

  const columns: ListColumn<Group>[] = [
    {
      key: 'name',
      title: t('groups:fields.name'),
      sortable: true,
      render: (_, g) => (
        <Button type="link" className="group-name" onClick={() => setOpen(g.id)}>
          <GroupLabel name={g.name} color={g.color} />
        </Button>
      ),
    },
    {
      key: 'description',
      dataIndex: 'description',
      title: t('groups:fields.description'),
      show: 'tablet',
    },
    {
      key: 'memberCount',
      dataIndex: 'memberCount',
      title: t('groups:fields.memberCount'),
      sortable: true,
      align: 'right',
      render: (value: number) => format.number(value),
    },
    {
      key: 'createdAt',
      dataIndex: 'createdAt',
      title: t('groups:fields.createdAt'),
      sortable: true,
      show: 'desktop',
      render: (value: string) => format.date(value),
    },
    {
      key: 'actions',
      title: t('groups:actions'),
      detailTitle: t('groups:actions'),
      render: (_, g) => (
        <Space size="small" wrap>
          <Button size="small" icon={<TeamOutlined />} onClick={() => setOpen(g.id)}>
            {t('groups:open')}
          </Button>
          {canEdit && (
            <Button
              size="small"
              icon={<EditOutlined />}
              onClick={() => setEditing({ group: g })}
              aria-label={t('groups:editAria', { name: g.name })}
            >
              {t('groups:edit')}
            </Button>
          )}
          {canEdit && (
            <Popconfirm
              title={t('groups:deleteConfirm', { name: g.name })}
              description={t('groups:deleteText')}
              okText={t('groups:delete')}
              okButtonProps={{ danger: true }}
              cancelText={t('members:actions.cancel')}
              onConfirm={() =>
                remove
                  .mutateAsync(g.id)
                  .then(() => void message.success(t('groups:deleted', { name: g.name })))
                  .catch((error: unknown) => void message.error(apiErrorMessage(t, error)))
              }
            >
              <Button
                size="small"
                danger
                icon={<DeleteOutlined />}
                aria-label={t('groups:deleteAria', { name: g.name })}
              />
            </Popconfirm>
          )}
        </Space>
      ),
    },
  ];

  return (
    <div className="screen group-list" data-testid="screen-group-list">
      <ListTable<Group, GroupSort, never>
        list={list}
        result={groups}
        columns={columns}
        rowKey={(g) => g.id}
        testId="group-table"
        pageSizeOptions={[10, 20, 50, 100]}
        onRow={(g) => ({ 'data-testid': 'group-row', 'data-name': g.name }) as HTMLAttributes<HTMLElement>}
        texts={{
          empty: t('groups:empty'),
          noMatch: t('groups:noMatch', { keyword: list.keyword }),
          total: (total) => t('groups:total', { total }),
        }}
        search={listSearch(t, 'group-search', 'groups:searchLabel', 'groups:searchPlaceholder')}
        add={
          canEdit && { label: t('groups:create'), onClick: () => setEditing({ group: null }), testId: 'group-create' }
        }
      />
      <GroupFormModal
        key={editing?.group?.id ?? 'new'}
        group={editing?.group ?? null}
        open={editing !== null}
        onClose={() => setEditing(null)}
      />
      {open && <GroupMembersDrawer group={open} canEdit={canEdit} onClose={() => setOpen(null)} />}
    </div>
  );
}
