import { describe, expect, it } from 'vitest';
import { canSee, decideAccess, seesPage } from './access.ts';

const administrator = { isAdmin: true, isPersonal: false };
const basicUser = { isAdmin: false, isPersonal: false };
const personal = { isAdmin: true, isPersonal: true };

describe('who sees a route', () => {
  it('shows admin-flagged routes only to administrators', () => {
    expect(canSee({ admin: true, personal: false }, administrator)).toBe(true);
    expect(canSee({ admin: true, personal: false }, basicUser)).toBe(false);
    expect(canSee({ admin: false, personal: false }, basicUser)).toBe(true);
  });

  it('shows personal administrators only the routes flagged personal, admin or not', () => {
    expect(canSee({ admin: true, personal: true }, personal)).toBe(true);
    expect(canSee({ admin: true, personal: false }, personal)).toBe(false);
    expect(canSee({ admin: false, personal: false }, personal)).toBe(false);
    expect(canSee({ admin: false, personal: true }, personal)).toBe(true);
  });
});

describe('where a visitor goes', () => {
  const privateRoute = { access: 'private', admin: false, personal: true } as const;
  it('sends signed-out visitors of private routes to log in, remembering where they were going', () => {
    expect(decideAccess(privateRoute, null, '/completed?page=2')).toEqual({ allow: false, to: 'login', remember: '/completed?page=2' });
  });

  it('sends signed-in visitors of guest pages on', () => {
    expect(decideAccess({ access: 'guest', admin: false, personal: true }, basicUser, '/login')).toEqual({ allow: false, to: 'next' });
  });

  it('sends signed-in people without the role to not-allowed', () => {
    expect(decideAccess({ access: 'private', admin: true, personal: false }, basicUser, '/users')).toEqual({ allow: false, to: 'not-allowed' });
  });

  it('lets anyone through public routes', () => {
    expect(decideAccess({ access: 'public', admin: false, personal: true }, null, '/web-signing/x')).toEqual({ allow: true });
    expect(decideAccess(privateRoute, administrator, '/completed')).toEqual({ allow: true });
  });
});

describe('what a page offers from another page', () => {
  it('follows who sees that page: the users list for administrators, not for personal administrators nor basic users', () => {
    expect(seesPage('users-page', administrator)).toBe(true);
    expect(seesPage('users-page', personal)).toBe(false);
    expect(seesPage('users-page', basicUser)).toBe(false);
    expect(seesPage('users-page', null)).toBe(false);
    expect(seesPage('no-such-page', administrator)).toBe(false);
  });
});
