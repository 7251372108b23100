import { describe, expect, it } from 'vitest';
import { menuGroups, routes } from './route-table.ts';

/** The product's routes, with their parameters (the ones added beside them are `addedRoutes`). */
const specifiedRoutes = [
  '/',
  '/activate',
  '/account',
  '/actionlogs',
  '/analysis',
  '/completed',
  '/dashboard',
  '/database',
  '/devices',
  '/dsm',
  '/template/edit/:id/step1',
  '/template/edit/:id/step2',
  '/template',
  '/tenant/:id',
  '/formaudit',
  '/help',
  '/iforms',
  '/listing',
  '/login',
  '/logout',
  '/mystorage',
  '/not-allowed',
  '/open-pending/:pageId?',
  '/open-signing/:pageId?',
  '/pending',
  '/pforms',
  '/register/:pmachinename?',
  '/request-new-password',
  '/settings',
  '/supporting',
  '/time-attendance',
  '/time-entry',
  '/users/:page?',
  '/user/reset/:userId/:timestamp/:hashedPassword',
  '/workflow',
  '/web-signing/:pageId?',
  '/not-found',
  '/denied',
  '/stripe-completion',
  '/checkout/return',
];

/**
 * Routes the specification does not show, added where a person needs a page of their own:
 * the template's recipients, sending a form, one form's progress, checking a signed document
 * confirming a new email address, the organisation's webhook subscriptions, and sending a
 * template to many people from a CSV with its bulk sends (recorded in the README's deviations).
 */
const addedRoutes = ['/template/edit/:id/step3', '/send/:templateId?', '/bulk-sends/:id?', '/workflow/:id', '/verify', '/confirm-email', '/webhooks'];

const byPath = (path: string) => routes.find((route) => route.path === path);

describe('the route table', () => {
  it('has every route of the specification, and a catch-all not-found page', () => {
    expect(routes.map((route) => route.path).sort()).toEqual([...addedRoutes, ...specifiedRoutes, '*'].sort());
    expect(byPath('*')?.chunk).toBe('not-found-page');
  });

  it('names the menu entries, keys and groups as the product menu has them', () => {
    const entries = routes.flatMap((route) => route.menu.map((entry) => [entry.name, entry.key, entry.group ?? '']));
    expect(entries).toEqual([
      ['Dashboard', 'dashboard', ''],
      ['Manage Template', 'template', 'Templates'],
      ['Template List', 'listing', 'Templates'],
      ['Action Required', 'pending', 'In Progress'],
      ['Workflow (In Progress)', 'workflow', 'In Progress'],
      ['Supporting Documents', 'supporting', 'In Progress'],
      ['Forms', 'completed', 'Completed'],
      ['Database', 'database', 'Completed'],
      ['Analysis', 'analysis', 'Completed'],
      ['Case Management', 'dsm', 'Completed'],
      ['Documents', 'mystorage', 'Completed'],
      ['Form Integration', 'iforms', 'Post Office'],
      ['Pre-population', 'pforms', 'Post Office'],
      ['Connected Devices', 'devices', 'Logs'],
      ['Actions Records', 'actionlogs', 'Logs'],
      ['System', 'logs', 'Logs'],
      ['Audit Forms', 'formaudit', 'Logs'],
      ['Entry Book', 'time-entry', 'WisH'],
      ['Time Attendance', 'time-attendance', 'WisH'],
      ['My Account', 'account', 'Others'],
      ['Users', 'users', 'Others'],
      ['Settings', 'settings', 'Others'],
      ['Help', 'help', 'Others'],
    ]);
    expect(menuGroups).toEqual(['Templates', 'In Progress', 'Completed', 'Post Office', 'Logs', 'WisH', 'Others']);
  });

  it('flags as administrator-only exactly the entries only administrators see', () => {
    const admin = routes.filter((route) => route.admin).flatMap((route) => route.menu.map((entry) => entry.name));
    expect(admin).toEqual(['Analysis', 'Form Integration', 'Pre-population', 'Actions Records', 'System', 'Audit Forms', 'Entry Book', 'Users']);
  });

  it('keeps the System log away from personal accounts, and opens it in a new tab', () => {
    const actionLogs = byPath('/actionlogs');
    expect(actionLogs?.personal).toBe(false);
    expect(actionLogs?.menu.find((entry) => entry.key === 'logs')).toMatchObject({ opens: 'new-tab', href: '/actionlogs?source=system' });
  });

  it('loads Pre-population with a full page load and opens Help as a menu', () => {
    expect(byPath('/pforms')?.menu[0]?.opens).toBe('full-load');
    expect(byPath('/help')?.menu[0]?.opens).toBe('help-menu');
  });

  it('shows a Log In button on the password and registration pages, a Register button on Log In, and nothing on signing pages', () => {
    for (const path of ['/request-new-password', '/register/:pmachinename?', '/user/reset/:userId/:timestamp/:hashedPassword'])
      expect(byPath(path)?.header).toBe('login-button');
    expect(byPath('/login')?.header).toBe('register-button');
    for (const path of ['/web-signing/:pageId?', '/open-pending/:pageId?', '/open-signing/:pageId?']) {
      expect(byPath(path)).toMatchObject({ header: 'none', sideMenu: false });
    }
  });

  it('takes the signing pages title from the form, the editing pages title from the form being created', () => {
    for (const path of ['/web-signing/:pageId?', '/open-pending/:pageId?', '/open-signing/:pageId?'])
      expect(byPath(path)?.title.from).toBe('signing-form');
    for (const path of ['/template/edit/:id/step1', '/template/edit/:id/step2']) expect(byPath(path)?.title.from).toBe('form-creation');
  });

  it('gives every page its own chunk file under src/pages', () => {
    const chunks = new Set(routes.filter((route) => route.path !== '*').map((route) => route.chunk));
    expect(chunks.size).toBe(specifiedRoutes.length + addedRoutes.length);
  });
});
