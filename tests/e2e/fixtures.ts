/**
 * What the browser tests share: signing in as one of the contract's example users, and
 * choosing the mock's outcome of a call (Prism's `Prefer` header) per request.
 */
import { test as base, expect, type Locator, type Page } from '@playwright/test';
import { loadDocument, resolveRef, type ExampleObject } from '@formsign/openapi';

const document = loadDocument();

export type Role = 'administrator' | 'basicUser' | 'personalAdministrator' | 'superUser';

const loginExamples: Record<Role, string> = {
  administrator: 'LoginAdministrator',
  basicUser: 'LoginBasicUser',
  personalAdministrator: 'LoginPersonalAdministrator',
  superUser: 'LoginSuperUser',
};

interface LoginBody {
  token: string;
  issuper: boolean;
  isPersonal: boolean;
  isadmin: boolean;
  isfront: boolean;
  img: string;
  username: string;
}

export function loginBody(role: Role): LoginBody {
  return resolveRef<ExampleObject>(document, document.components.examples[loginExamples[role]] ?? {}).value as LoginBody;
}

/** Whatever a call answers, the given example of the mock answers instead (`Prefer: code=..., example=...`). */
export async function preferOutcome(page: Page, apiPath: string, prefer: string): Promise<void> {
  await page.route(
    (url) => url.pathname === `/api${apiPath}`,
    (route) => route.continue({ headers: { ...route.request().headers(), prefer } }),
  );
}

/** Signs in through the login page, with the mock answering as the given example user. */
export async function signInThroughLoginPage(page: Page, role: Role, next = '/login'): Promise<void> {
  await preferOutcome(page, '/login', `example=${role}`);
  await page.goto(next);
  await page.getByLabel('Name').fill(role === 'administrator' ? 'olivia.bennett' : role);
  await page.getByLabel('Password', { exact: true }).fill('correct-horse-battery');
  await page.getByRole('button', { name: 'Log In' }).click();
  await expect(page.getByRole('navigation', { name: 'Main menu' })).toBeVisible();
}

/**
 * Starts the page signed in as the given example user: the login flow's stored session
 * (token and flags under the section-9 keys), as the app itself stores it.
 */
export async function signIn(page: Page, role: Role): Promise<void> {
  const body = loginBody(role);
  await page.addInitScript((session) => {
    // Once per tab: a later sign-out must stay signed out.
    if (window.sessionStorage.getItem('e2e.signedIn')) return;
    window.sessionStorage.setItem('e2e.signedIn', 'true');
    window.localStorage.setItem('token', session.token);
    window.localStorage.setItem('isSuper', String(session.issuper));
    window.localStorage.setItem('isPersonal', String(session.isPersonal));
    window.localStorage.setItem('isSubAdmin', String(session.isadmin));
    window.localStorage.setItem('isFrontAdmin', String(session.isfront));
    window.localStorage.setItem('userIcon', session.img);
  }, body);
}

/** What shows a page is still loading: a visible spinner, or a region marked busy. */
export function busyIndicators(page: Page): Locator {
  return page.locator('.spinner:visible, [aria-busy="true"]');
}

/** The side menu's entry names, in order, as a person reads them. */
export async function menuNames(page: Page): Promise<string[]> {
  const menu = page.getByRole('navigation', { name: 'Main menu' });
  await expect(menu.getByRole('link').first()).toBeVisible();
  return menu.locator('.sidenav__label').allTextContents();
}

export const test = base;
export { expect };
