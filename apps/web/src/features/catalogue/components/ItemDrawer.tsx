import { Button, Drawer, Space } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/** The create / edit drawer of a catalogue item: the form is its child, the buttons submit it. */
export function ItemDrawer({
  open,
  title,
  saving,
  onClose,
  onSubmit,
  children,
}: {
  open: boolean;
  title: string;
  saving: boolean;
  onClose: () => void;
  onSubmit: () => void;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <Drawer
      open={open}
      onClose={onClose}
      title={title}
      size={560}
      destroyOnHidden
      footer={
        <Space>
          <Button onClick={onClose}>{t('catalogue:cancel')}</Button>
          <Button type="primary" loading={saving} onClick={onSubmit} data-testid="item-submit">
            {t('catalogue:save')}
          </Button>
        </Space>
      }
    >
      {open && children}
    </Drawer>
  );
}
