import './members.css';
import { DeleteOutlined, EditOutlined, PlusOutlined, TeamOutlined } from '@ant-design/icons';
import type { Group } from '@gym/contract/members';
import { App, Button, Card, Popconfirm, Skeleton, Space, Table } from 'antd';
import { type HTMLAttributes, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useAbility } from '../../shared/acl';
import { apiErrorMessage } from '../../shared/api/errorMessages';
import { EmptyState, ErrorState } from '../../shared/ui/ScreenStates';
import { type ListParamsConfig, sortFromTable, sortOrderOf, useListParams } from '../../shared/useListParams';
import { useDeleteGroup, useGroupOptions, useGroups } from './api';
import { GroupFormModal } from './components/GroupFormModal';
import { GroupLabel } from './components/GroupLabel';
import { GroupMembersDrawer } from './components/GroupMembersDrawer';
import { SearchBox } from './components/SearchBox';
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
  const [search, setSearch] = useSearchParams();
  const openId = search.get('group');
  // A group opened from a link may be on another page of the list: the picker list has every group.
  const allGroups = useGroupOptions(Boolean(openId));
  const open = groups.data?.items.find((g) => g.id === openId) ?? allGroups.data?.find((g) => g.id === openId) ?? null;

  const setOpen = (id: string | null) =>
    setSearch(
      (current) => {
        const next = new URLSearchParams(current);
        if (id) next.set('group', id);
        else next.delete('group');
        return next;
      },
      { replace: !id },
    );

  const emptyText = list.keyword ? (
    <EmptyState description={t('groups:noMatch', { keyword: list.keyword })} />
  ) : (
    <EmptyState description={t('groups:empty')} />
  );

  return (
    <div className="screen group-list" data-testid="screen-group-list">
      <Card variant="borderless">
        <div className="list-toolbar">
          <div className="list-toolbar__search">
            <SearchBox
              id="group-search"
              value={list.keyword}
              onSearch={list.setKeyword}
              label={t('groups:searchLabel')}
              placeholder={t('groups:searchPlaceholder')}
            />
          </div>
          {canEdit && (
            <Button
              type="primary"
              icon={<PlusOutlined />}
              onClick={() => setEditing({ group: null })}
              data-testid="group-create"
            >
              {t('groups:create')}
            </Button>
          )}
        </div>

        {groups.isError && !groups.data ? (
          <ErrorState error={groups.error} onRetry={() => void groups.refetch()} />
        ) : groups.isPending ? (
          <div data-testid="state-loading" role="status" aria-label={t('groups:loading')}>
            <Skeleton active paragraph={{ rows: 5 }} />
          </div>
        ) : (
          <Table<Group>
            rowKey="id"
            size="middle"
            dataSource={groups.data?.items ?? []}
            loading={groups.isFetching && groups.isPlaceholderData}
            scroll={{ x: 640 }}
            locale={{ emptyText }}
            onChange={(_p, _f, sorter, extra) => {
              if (extra.action === 'sort') list.setSort(sortFromTable(sorter, GROUP_SORTS));
            }}
            onRow={(g) => ({ 'data-testid': 'group-row', 'data-name': g.name }) as HTMLAttributes<HTMLElement>}
            pagination={{
              current: list.page,
              pageSize: list.pageSize,
              total: groups.data?.total ?? 0,
              showSizeChanger: true,
              pageSizeOptions: [10, 20, 50, 100],
              showTotal: (total) => t('groups:total', { total }),
              onChange: (page, pageSize) => list.setPage(page, pageSize),
            }}
            columns={[
              {
                key: 'name',
                title: t('groups:fields.name'),
                sorter: true,
                sortOrder: sortOrderOf('name', list.sort),
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
                ellipsis: true,
                responsive: ['md'],
              },
              {
                key: 'memberCount',
                dataIndex: 'memberCount',
                title: t('groups:fields.memberCount'),
                sorter: true,
                sortOrder: sortOrderOf('memberCount', list.sort),
                width: 130,
                align: 'right',
                render: (value: number) => format.number(value),
              },
              {
                key: 'createdAt',
                dataIndex: 'createdAt',
                title: t('groups:fields.createdAt'),
                sorter: true,
                sortOrder: sortOrderOf('createdAt', list.sort),
                width: 140,
                responsive: ['lg'],
                render: (value: string) => format.date(value),
              },
              {
                key: 'actions',
                title: <span className="sr-only">{t('groups:actions')}</span>,
                width: canEdit ? 250 : 120,
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
            ]}
          />
        )}
      </Card>
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
