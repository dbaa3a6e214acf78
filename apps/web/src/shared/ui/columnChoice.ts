/**
 * Which columns of a list a staff member has chosen to see, kept in this browser per user and per
 * list (`listColumns:<user id>:<list id>`): two people sharing the desk's browser each keep their
 * own, and a list's new column shows as its screen says until someone chooses otherwise.
 */
import { local } from '../storage';

/** A column as the chooser sees it: its key and whether the screen shows it by default. */
export interface ChoosableColumn {
  key: string;
  /** Off until the person turns it on (a column the screen has room for only when asked). */
  defaultHidden?: boolean;
}

/** The person's choices: a column's key → shown or not. Columns not named follow the screen's default. */
export type ColumnChoice = Record<string, boolean>;

export function columnChoiceKey(userId: string, listId: string): string {
  return `listColumns:${userId}:${listId}`;
}

export function readColumnChoice(userId: string | null | undefined, listId: string): ColumnChoice {
  if (!userId) return {};
  const text = local.get(columnChoiceKey(userId, listId));
  if (!text) return {};
  try {
    const parsed: unknown = JSON.parse(text);
    if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) return {};
    return Object.fromEntries(
      Object.entries(parsed as Record<string, unknown>).filter(
        (e): e is [string, boolean] => typeof e[1] === 'boolean',
      ),
    );
  } catch {
    return {};
  }
}

export function writeColumnChoice(userId: string | null | undefined, listId: string, choice: ColumnChoice): void {
  if (!userId) return;
  local.set(columnChoiceKey(userId, listId), Object.keys(choice).length > 0 ? JSON.stringify(choice) : null);
}

export function isColumnShown(column: ChoosableColumn, choice: ColumnChoice): boolean {
  return choice[column.key] ?? !column.defaultHidden;
}

/** The columns to show; never none (a list with every column turned off shows its first). */
export function chosenColumns<C extends ChoosableColumn>(columns: C[], choice: ColumnChoice): C[] {
  const shown = columns.filter((c) => isColumnShown(c, choice));
  return shown.length > 0 ? shown : columns.slice(0, 1);
}

/** The choice after turning one column on or off; a choice equal to the default is forgotten. */
export function toggleColumn<C extends ChoosableColumn>(
  columns: C[],
  choice: ColumnChoice,
  key: string,
  shown: boolean,
): ColumnChoice {
  const column = columns.find((c) => c.key === key);
  if (!column) return choice;
  const next = { ...choice };
  if (shown === !column.defaultHidden) delete next[key];
  else next[key] = shown;
  return next;
}
