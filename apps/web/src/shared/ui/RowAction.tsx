/**
 * A row's action in a list: an icon button, its word in a tooltip and, with the row's name, in its
 * accessible name. A row of three worded buttons took 260–360 px in German and pushed the list
 * past a 1280 px screen; icons keep every column in view.
 */
import { Button, Tooltip } from 'antd';
import type { ReactNode } from 'react';

interface Props {
  icon: ReactNode;
  /** The action's word ("Edit"), shown on hover and focus. */
  label: string;
  /** The accessible name, naming the row ("Edit Gold 12 months"); default `label`. */
  ariaLabel?: string;
  onClick: () => void;
  danger?: boolean;
  'data-testid'?: string;
}

export function RowAction({ icon, label, ariaLabel, onClick, danger, 'data-testid': testId }: Props) {
  return (
    <Tooltip title={label}>
      <Button
        size="small"
        icon={icon}
        onClick={onClick}
        aria-label={ariaLabel ?? label}
        {...(danger ? { danger } : {})}
        {...(testId ? { 'data-testid': testId } : {})}
      />
    </Tooltip>
  );
}
