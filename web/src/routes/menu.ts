/** The side menu, read from the route table and filtered by the one visibility rule. */
import { canSee, type Viewer } from './access.ts';
import { menuGroups, routes, type MenuEntry, type MenuGroup, type RouteEntry } from './route-table.ts';

export interface MenuItem extends MenuEntry {
  /** Where it goes. */
  to: string;
  route: RouteEntry;
}

export interface MenuSection {
  group: MenuGroup | null;
  items: MenuItem[];
}

const pathOf = (route: RouteEntry): string => route.path.replace(/\/:[^/]+\?$/, '');

export const allMenuItems: readonly MenuItem[] = routes.flatMap((route) =>
  route.menu.map((entry) => ({ ...entry, to: entry.href ?? pathOf(route), route })),
);

export function menuFor(viewer: Viewer): MenuSection[] {
  const visible = allMenuItems.filter((item) => canSee(item.route, viewer));
  const sections: MenuSection[] = [{ group: null, items: visible.filter((item) => item.group === null) }];
  for (const group of menuGroups) sections.push({ group, items: visible.filter((item) => item.group === group) });
  return sections.filter((section) => section.items.length > 0);
}

/** The route whose path pattern matches a menu key, for titles. */
export function menuEntryOf(route: RouteEntry): MenuEntry | undefined {
  return route.menu[0];
}
