import { CheckSquareOutlined, EditOutlined, MoreOutlined, StopOutlined, UserAddOutlined } from '@ant-design/icons';
import { Button, Dropdown } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ClassListItem } from '../api';

interface Props {
  item: ClassListItem;
  /** What the user may do: book a member, see the bookings (attendance), change or cancel a class. */
  can: { book: boolean; readBookings: boolean; update: boolean };
  onBook: (item: ClassListItem) => void;
  onAttendance: (item: ClassListItem) => void;
  onEdit: (item: ClassListItem) => void;
  onCancel: (item: ClassListItem) => void;
}

/**
 * A class row's actions: book a member and attendance beside it, edit and cancel in its menu. A class
 * that has started (or is cancelled) is not booked, edited or cancelled from the list.
 */
export function ClassRowActions({ item: c, can, onBook, onAttendance, onEdit, onCancel }: Props) {
  const { t } = useTranslation();
  const open = c.status === 'scheduled' && Date.parse(c.startsAt) > Date.now();
  const more =
    can.update && open
      ? [
          { key: 'edit', icon: <EditOutlined />, label: t('classes:actions.edit') },
          { key: 'cancel', icon: <StopOutlined />, danger: true, label: t('classes:actions.cancelClass') },
        ]
      : [];
  return (
    <div className="row-actions class-actions">
      {can.book && open && (
        <Button
          size="small"
          type="primary"
          icon={<UserAddOutlined />}
          onClick={() => onBook(c)}
          data-testid="class-book"
          aria-label={t('classes:actions.bookAria', { type: c.type.name, time: c.startTime })}
        >
          {t('classes:actions.book')}
        </Button>
      )}
      {can.readBookings && (
        <Button
          size="small"
          icon={<CheckSquareOutlined />}
          onClick={() => onAttendance(c)}
          data-testid="class-attendance"
          aria-label={t('classes:actions.attendanceAria', { type: c.type.name, time: c.startTime })}
        >
          {t('classes:actions.attendance')}
        </Button>
      )}
      {more.length > 0 && (
        <Dropdown
          trigger={['click']}
          menu={{
            items: more,
            onClick: ({ key }) => {
              if (key === 'edit') onEdit(c);
              if (key === 'cancel') onCancel(c);
            },
          }}
        >
          <Button
            size="small"
            icon={<MoreOutlined />}
            aria-label={t('classes:actions.moreAria', { type: c.type.name, time: c.startTime })}
            data-testid="class-more"
          />
        </Dropdown>
      )}
    </div>
  );
}
