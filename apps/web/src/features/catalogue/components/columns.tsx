/**
 * The catalogue's words on the shared list kit (`shared/ui/listColumns`, `shared/ui/confirm`):
 * its row actions, and switching an item on or off after asking.
 */
import type { TFunction } from 'i18next';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useToggleActive } from '../../../shared/ui/confirm';
import type { ListColumn } from '../../../shared/ui/ListTable';
import { activeColumn, actionsColumn as sharedActionsColumn } from '../../../shared/ui/listColumns';
import { percentText } from '../../../shared/ui/PercentInput';

export { activeColumn };

interface Item {
  id: string;
  name: string;
  active: boolean;
}

/** Where an item is sold: every centre, or the centres' codes. */
export function coverageText(t: TFunction, item: { allCenters: boolean; centers: { code: string }[] }): string {
  return item.allCenters ? t('catalogue:allCenters') : item.centers.map((c) => c.code).join(', ');
}

/** A row's actions: `before` (an action of the item's own), then edit and deactivate / activate when given. */
export function actionsColumn<T extends Omit<Item, 'id'>>(
  t: TFunction,
  options: {
    onEdit?: ((row: T) => void) | undefined;
    onToggle?: ((row: T) => void) | undefined;
    before?: (row: T) => ReactNode;
  },
): ListColumn<T> {
  return sharedActionsColumn<T>(t, { ...options, name: (row) => row.name, toggleTestId: 'item-toggle' });
}

/** Asks, then activates or deactivates an item with `PATCH {active}`. */
export function useConfirmActive<T extends Item>(
  t: TFunction,
  save: { mutateAsync: (input: { id: string; body: { active: boolean } }) => Promise<unknown> },
) {
  return useToggleActive<T>(save, {
    done: (active) => t(active ? 'catalogue:activated' : 'catalogue:deactivated'),
    ask: {
      title: (row, active) => t(active ? 'catalogue:activateTitle' : 'catalogue:deactivateTitle', { name: row.name }),
      deactivateText: t('catalogue:deactivateText'),
    },
  });
}

/** The item's price, as the desk quotes it. */
export function priceColumn<T extends { price: number }>(
  t: TFunction,
  money: (amount: number) => string,
): ListColumn<T> {
  return {
    key: 'price',
    title: t('catalogue:fields.price'),
    align: 'right',
    sortable: true,
    render: (_: unknown, row: T) => money(row.price),
  };
}

/** The tax rate, kept for those who ask ("Columns"): the price is what the desk quotes. */
export function taxRateColumn<T extends { taxRateBp: number }>(t: TFunction): ListColumn<T> {
  return {
    key: 'taxRate',
    title: t('catalogue:fields.taxRate'),
    defaultHidden: true,
    align: 'right',
    show: 'desktop',
    render: (_: unknown, row: T) => percentText(row.taxRateBp),
  };
}

/** Where the item is sold. */
export function centersColumn<T extends { allCenters: boolean; centers: { code: string }[] }>(
  t: TFunction,
): ListColumn<T> {
  return {
    key: 'centers',
    title: t('catalogue:fields.centers'),
    show: 'tablet',
    maxWidth: 120,
    render: (_: unknown, row: T) => coverageText(t, row),
  };
}

/** The item's name, a link to its page. */
export function nameLinkColumn<T extends { id: string; name: string }>(
  t: TFunction,
  path: (id: string) => string,
): ListColumn<T> {
  return {
    key: 'name',
    title: t('catalogue:fields.name'),
    sortable: true,
    render: (_: unknown, row: T) => <Link to={path(row.id)}>{row.name}</Link>,
  };
}

/** Where the item is sold, its price and its tax rate. */
export function saleColumns<
  T extends { allCenters: boolean; centers: { code: string }[]; price: number; taxRateBp: number },
>(t: TFunction, money: (amount: number) => string): ListColumn<T>[] {
  return [centersColumn<T>(t), priceColumn<T>(t, money), taxRateColumn<T>(t)];
}

/** Whether the item is on, and for those who may change items: edit and (de)activate. */
export function useStateColumns<T extends Item>(
  canUpdate: boolean,
  edit: (row: T) => void,
  save: { mutateAsync: (input: { id: string; body: { active: boolean } }) => Promise<unknown> },
): ListColumn<T>[] {
  const { t } = useTranslation();
  const confirmActive = useConfirmActive<T>(t, save);
  return [activeColumn<T>(t), ...(canUpdate ? [actionsColumn<T>(t, { onEdit: edit, onToggle: confirmActive })] : [])];
}
