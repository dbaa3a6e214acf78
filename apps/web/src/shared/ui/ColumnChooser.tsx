/**
 * The list's "Columns" button: a checkbox per column, kept per user (`columnChoice.ts`). Its words
 * are `members:table.*` keys, beside the export buttons' (the `common` namespace is the shell's).
 */
import { SettingOutlined } from '@ant-design/icons';
import { Button, Checkbox, Popover } from 'antd';
import { type ReactNode, useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useUserData } from '../useSession';
import {
  type ChoosableColumn,
  type ColumnChoice,
  isColumnShown,
  readColumnChoice,
  toggleColumn,
  writeColumnChoice,
} from './columnChoice';

/** The signed-in user's choice of columns for a list, read once and saved at each change. */
export function useColumnChoice(listId: string | undefined) {
  const userId = useUserData()?.id ?? null;
  const [state, setState] = useState<{ key: string; choice: ColumnChoice }>(() => ({
    key: `${userId}|${listId}`,
    choice: listId ? readColumnChoice(userId, listId) : {},
  }));
  // Another user signed in on this browser, or another list: read theirs.
  const key = `${userId}|${listId}`;
  const choice = state.key === key ? state.choice : listId ? readColumnChoice(userId, listId) : {};
  const update = useCallback(
    (next: ColumnChoice) => {
      setState({ key, choice: next });
      if (listId) writeColumnChoice(userId, listId, next);
    },
    [key, listId, userId],
  );
  return { choice, update };
}

interface Props<C extends ChoosableColumn> {
  columns: (C & { label: ReactNode })[];
  choice: ColumnChoice;
  onChange: (next: ColumnChoice) => void;
}

export function ColumnChooser<C extends ChoosableColumn>({ columns, choice, onChange }: Props<C>) {
  const { t } = useTranslation();
  const shownCount = columns.filter((c) => isColumnShown(c, choice)).length;
  const content = (
    <fieldset className="column-chooser" data-testid="column-chooser-list">
      <legend className="sr-only">{t('members:table.columns')}</legend>
      {columns.map((column) => {
        const shown = isColumnShown(column, choice);
        return (
          <Checkbox
            key={column.key}
            checked={shown}
            // The last column shown stays: a list with no column says nothing.
            disabled={shown && shownCount === 1}
            onChange={(event) => onChange(toggleColumn(columns, choice, column.key, event.target.checked))}
            data-testid={`column-choice-${column.key}`}
          >
            {column.label}
          </Checkbox>
        );
      })}
      {Object.keys(choice).length > 0 && (
        <Button type="link" size="small" onClick={() => onChange({})} data-testid="column-choice-reset">
          {t('members:table.defaultColumns')}
        </Button>
      )}
    </fieldset>
  );
  return (
    <Popover content={content} trigger="click" placement="bottomRight">
      <Button
        icon={<SettingOutlined />}
        aria-label={t('members:table.columns')}
        title={t('members:table.columns')}
        data-testid="column-chooser"
      />
    </Popover>
  );
}
