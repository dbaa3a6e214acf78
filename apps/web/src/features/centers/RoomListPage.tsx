import './centers.css';
import { createRoomRequestSchema } from '@gym/contract/rooms';
import { App, Form, Input, InputNumber, Modal, Select } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAbility } from '../../shared/acl';
import { apiErrorMessage, requiredRule, schemaRule } from '../../shared/api/errorMessages';
import { showErrorOnFields } from '../../shared/api/formErrors';
import { useToggleActive } from '../../shared/ui/confirm';
import { centerOrAll, ListCenterSelect, useListCenter } from '../../shared/ui/ListFilters';
import { type ListColumn, ListTable, listSearch, listTexts } from '../../shared/ui/ListTable';
import { actionsColumn } from '../../shared/ui/listColumns';
import { StackedForm } from '../../shared/ui/StackedForm';
import { type ListParamsConfig, useListParams } from '../../shared/useListParams';
import { type Room, useCenters, useRoomList, useSaveRoom } from './api';
import { activeColumn, IncludeInactiveFilter } from './components/ActiveColumns';

const SORTS = ['name', '-name', 'capacity', '-capacity', 'center', '-center'] as const;
type Sort = (typeof SORTS)[number];
/** `center` is absent for the current centre, `all` for every centre, or a centre's id. */
type RoomFilter = 'center' | 'includeInactive';
const LIST: ListParamsConfig<Sort, RoomFilter> = {
  sorts: SORTS,
  defaultSort: 'name',
  filters: { center: centerOrAll, includeInactive: ['true'] },
};

interface RoomValues {
  centerId: string;
  name: string;
  capacity: number | null;
  notes?: string | null;
}

const ROOM_FIELDS = ['centerId', 'name', 'capacity', 'notes'] as const;
const { shape } = createRoomRequestSchema;

function RoomModal({
  editing,
  defaultCenterId,
  onClose,
}: {
  editing: { room: Room | null } | null;
  defaultCenterId: string | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<RoomValues>();
  const centers = useCenters();
  const save = useSaveRoom();
  const room = editing?.room ?? null;

  return (
    <Modal
      open={Boolean(editing)}
      title={room ? t('centers:rooms.editTitle', { name: room.name }) : t('centers:rooms.addTitle')}
      onCancel={onClose}
      okText={t('common:actions.save')}
      onOk={() => form.submit()}
      okButtonProps={{ loading: save.isPending, 'data-testid': 'room-submit' }}
      cancelText={t('centers:cancel')}
      destroyOnHidden
    >
      {editing && (
        <StackedForm<RoomValues>
          enterSubmits
          form={form}
          name="room"
          disabled={save.isPending}
          initialValues={
            room
              ? { centerId: room.center.id, name: room.name, capacity: room.capacity, notes: room.notes ?? '' }
              : { centerId: defaultCenterId ?? undefined, name: '', capacity: null, notes: '' }
          }
          onFinish={(values) => {
            const notes = values.notes?.trim() ? values.notes.trim() : null;
            const body = room
              ? { name: values.name.trim(), capacity: Number(values.capacity), notes }
              : { centerId: values.centerId, name: values.name.trim(), capacity: Number(values.capacity), notes };
            save.mutate(
              { id: room?.id ?? null, body },
              {
                onSuccess: () => {
                  void message.success(t('centers:saved'));
                  onClose();
                },
                onError: (error) => {
                  if (!showErrorOnFields(form, error, t, ROOM_FIELDS, { name_taken: 'name' })) {
                    void message.error(apiErrorMessage(t, error));
                  }
                },
              },
            );
          }}
        >
          <Form.Item
            label={t('centers:rooms.center')}
            name="centerId"
            rules={[{ required: true, message: t('errors:validation.required') }]}
          >
            <Select
              disabled={Boolean(room)}
              loading={centers.isPending}
              options={centers.data?.map((c) => ({ value: c.id, label: `${c.name} (${c.code})` }))}
            />
          </Form.Item>
          <Form.Item label={t('centers:rooms.name')} name="name" rules={[requiredRule(t), schemaRule(shape.name, t)]}>
            <Input maxLength={80} autoComplete="off" />
          </Form.Item>
          <Form.Item
            label={t('centers:rooms.capacity')}
            name="capacity"
            extra={t('centers:rooms.capacityHelp')}
            rules={[
              { required: true, message: t('errors:validation.required') },
              {
                // No min/max on the input itself: it would silently change 0 into 1 instead of explaining.
                validator: async (_rule, value: number | null) => {
                  if (value === null || value === undefined) return;
                  if (!shape.capacity.safeParse(value).success) throw new Error(t('centers:rooms.capacityRange'));
                },
              },
            ]}
          >
            <InputNumber precision={0} inputMode="numeric" style={{ width: 160 }} />
          </Form.Item>
          <Form.Item label={t('centers:rooms.notes')} name="notes" rules={[schemaRule(shape.notes, t)]}>
            <Input.TextArea autoSize={{ minRows: 2, maxRows: 5 }} maxLength={500} />
          </Form.Item>
        </StackedForm>
      )}
    </Modal>
  );
}

/** Rooms of one centre (the current one unless chosen) or of all: search, sort, add, edit, deactivate, export. */
export default function RoomListPage() {
  const { t, i18n } = useTranslation();
  const ability = useAbility();
  const list = useListParams(LIST);
  const save = useSaveRoom();
  const [editing, setEditing] = useState<{ room: Room | null } | null>(null);
  const numbers = new Intl.NumberFormat(i18n.resolvedLanguage ?? 'en');

  const { centerId, currentCenterId } = useListCenter(list);
  const { center: _center, ...otherFilters } = list.filters;
  const apiFilters = {
    ...(list.keyword ? { keyword: list.keyword } : {}),
    sort: list.sort,
    ...(otherFilters.includeInactive ? { includeInactive: otherFilters.includeInactive } : {}),
    ...(centerId ? { centerId } : {}),
  };
  const rooms = useRoomList({ ...apiFilters, page: list.page, pageSize: list.pageSize });

  const canCreate = ability.can('create', 'Room');
  const canUpdate = ability.can('update', 'Room');

  const toggle = useToggleActive<Room>(save, {
    done: (active) => t(active ? 'centers:activated' : 'centers:deactivated'),
    ask: {
      title: (room, active) =>
        t(active ? 'centers:rooms.activateTitle' : 'centers:rooms.deactivateTitle', { name: room.name }),
      deactivateText: t('centers:rooms.deactivateText'),
    },
  });

  const columns: ListColumn<Room>[] = [
    { key: 'name', title: t('centers:rooms.name'), dataIndex: 'name', sortable: true },
    {
      key: 'center',
      title: t('centers:rooms.center'),
      sortable: true,
      render: (_: unknown, room: Room) => `${room.center.name} (${room.center.code})`,
    },
    {
      key: 'capacity',
      title: t('centers:rooms.capacity'),
      dataIndex: 'capacity',
      align: 'right',
      sortable: true,
      show: 'tablet',
      render: (n: number) => numbers.format(n),
    },
    { key: 'notes', title: t('centers:rooms.notes'), dataIndex: 'notes', width: 260, show: 'desktop' },
    activeColumn(t),
    ...(canUpdate
      ? [
          actionsColumn<Room>(t, {
            name: (room) => room.name,
            onEdit: (room) => setEditing({ room }),
            onToggle: toggle,
          }),
        ]
      : []),
  ];

  return (
    <div className="screen" data-testid="screen-room-list">
      <ListTable<Room, Sort, RoomFilter>
        list={list}
        result={rooms}
        columns={columns}
        testId="room-table"
        texts={listTexts(t, 'centers:rooms.empty', 'centers:rooms.total', 'centers:noMatch')}
        search={listSearch(t, 'room-keyword', 'centers:rooms.searchLabel', 'centers:rooms.searchPlaceholder')}
        exportTo={{ path: '/pro/rooms/export', fileName: 'rooms', query: apiFilters }}
        filters={
          <>
            <ListCenterSelect list={list} label={t('centers:rooms.center')} allLabel={t('centers:rooms.allCenters')} />
            <IncludeInactiveFilter list={list} />
          </>
        }
        add={
          canCreate && { label: t('centers:rooms.add'), onClick: () => setEditing({ room: null }), testId: 'room-add' }
        }
      />
      <RoomModal editing={editing} defaultCenterId={centerId ?? currentCenterId} onClose={() => setEditing(null)} />
    </div>
  );
}
