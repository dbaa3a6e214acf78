/**
 * The staff menu: groups of route paths. Titles and permissions come from the route table, so an
 * item is shown only when its route would let the user in.
 */
import type { AppAbility } from '@gym/contract/acl';
import { canNavigate } from '../shared/routing/guards';
import { PAGE_ROUTES, type PageRoute, PLACEHOLDER_SCREEN, REPORTS } from '../shared/routing/routes';

export const MENU_GROUPS = [
  { key: 'frontDesk', paths: ['/dashboard', '/entry-records', '/staff-attendance'] },
  { key: 'members', paths: ['/student-list', '/group-list'] },
  { key: 'classes', paths: ['/class-list', '/class-type-list', '/calendar', '/pt-sessions', '/class-import'] },
  {
    key: 'selling',
    paths: [
      '/product-list',
      '/product-set-list',
      '/package-list',
      '/membership-list',
      '/short-course-list',
      '/coupon-list',
      '/offer-list',
      '/goal',
    ],
  },
  { key: 'finance', paths: ['/invoice', '/pay-links', '/expenditure'] },
  { key: 'reports', paths: REPORTS.map((r) => r.path) },
  { key: 'content', paths: ['/news-list', '/album-list', '/slider'] },
  {
    key: 'settings',
    paths: ['/center', '/center-list', '/room-list', '/staff-list', '/system-config', '/outbox', '/access-control'],
  },
] as const;

export type MenuGroupKey = (typeof MENU_GROUPS)[number]['key'];

export interface VisibleMenuGroup {
  key: MenuGroupKey;
  /** `soon`: the route still shows the placeholder screen; the mark goes when its screen lands. */
  items: { path: string; titleKey: string; soon: boolean }[];
}

function routeFor(path: string): PageRoute | undefined {
  return PAGE_ROUTES.find((r) => r.path === path);
}

/** The menu this user may see: items they may not read are hidden, and so are empty groups. */
export function visibleMenu(ability: AppAbility): VisibleMenuGroup[] {
  const groups: VisibleMenuGroup[] = [];
  for (const group of MENU_GROUPS) {
    const items: VisibleMenuGroup['items'] = [];
    for (const path of group.paths) {
      const route = routeFor(path);
      if (route && canNavigate(route.meta, ability))
        items.push({ path, titleKey: route.meta.titleKey, soon: route.screen === PLACEHOLDER_SCREEN });
    }
    if (items.length > 0) groups.push({ key: group.key, items });
  }
  return groups;
}

/** The menu key for a location: the item whose path is the location or its closest parent. */
export function menuKeyFor(pathname: string, groups: VisibleMenuGroup[]): { item?: string; group?: MenuGroupKey } {
  const lower = pathname.replace(/\/+$/, '').toLowerCase() || '/';
  for (const group of groups) {
    for (const item of group.items) {
      if (item.path.toLowerCase() === lower) return { item: item.path, group: group.key };
    }
  }
  return {};
}
