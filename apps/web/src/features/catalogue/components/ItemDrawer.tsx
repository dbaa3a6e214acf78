import type { ReactNode } from 'react';
import { DrawerFrame } from '../../../shared/ui/EntityDrawer';

/** The create / edit drawer of a catalogue-like item with a form of its own (`shared/ui/EntityDrawer`). */
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
  return (
    <DrawerFrame
      open={open}
      title={title}
      busy={saving}
      onClose={onClose}
      onSubmit={onSubmit}
      submitTestId="item-submit"
    >
      {children}
    </DrawerFrame>
  );
}
