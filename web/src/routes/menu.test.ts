import { describe, expect, it } from 'vitest';
import { menuFor } from './menu.ts';

const names = (viewer: { isAdmin: boolean; isPersonal: boolean }) => menuFor(viewer).flatMap((section) => section.items.map((item) => item.name));

describe('the side menu', () => {
  it('groups the entries in the menu order: ungrouped ones, then Templates, In Progress, Completed, Post Office, Logs, WisH, Others', () => {
    expect(menuFor({ isAdmin: true, isPersonal: false }).map((section) => section.group)).toEqual([
      null,
      'Templates',
      'In Progress',
      'Completed',
      'Post Office',
      'Logs',
      'WisH',
      'Others',
    ]);
  });

  it('drops a group whose entries are all hidden', () => {
    expect(menuFor({ isAdmin: false, isPersonal: false }).map((section) => section.group)).not.toContain('Post Office');
  });

  it('links each entry to its route, the System log to its filtered view', () => {
    const items = menuFor({ isAdmin: true, isPersonal: false }).flatMap((section) => section.items);
    expect(items.find((item) => item.key === 'users')?.to).toBe('/users');
    expect(items.find((item) => item.key === 'logs')?.to).toBe('/actionlogs?source=system');
  });

  it('gives a personal administrator exactly the personal entries', () => {
    expect(names({ isAdmin: true, isPersonal: true })).toEqual([
      'Dashboard',
      'Manage Template',
      'Template List',
      'Action Required',
      'Workflow (In Progress)',
      'Supporting Documents',
      'Forms',
      'Documents',
      'Connected Devices',
      'Audit Forms',
      'My Account',
      'Settings',
      'Help',
    ]);
  });
});
