import { expect, menuNames, signIn, signInThroughLoginPage, test } from './fixtures.ts';

const everyEntry = [
  'Dashboard',
  'Manage Template',
  'Template List',
  'Action Required',
  'Workflow (In Progress)',
  'Supporting Documents',
  'Forms',
  'Database',
  'Analysis',
  'Case Management',
  'Documents',
  'Form Integration',
  'Pre-population',
  'Connected Devices',
  'Actions Records',
  'System',
  'Audit Forms',
  'Entry Book',
  'Time Attendance',
  'My Account',
  'Users',
  'Settings',
  'Help',
  'Sign out',
];

const adminOnly = ['Analysis', 'Form Integration', 'Pre-population', 'Actions Records', 'System', 'Audit Forms', 'Entry Book', 'Users'];

test.describe('the side menu, by role', () => {
  test('an administrator sees every entry, in its group', async ({ page }) => {
    await signInThroughLoginPage(page, 'administrator');
    expect(await menuNames(page)).toEqual(everyEntry);
    const menu = page.getByRole('navigation', { name: 'Main menu' });
    await expect(menu.getByRole('group', { name: 'Post Office' }).locator('.sidenav__label')).toHaveText(['Form Integration', 'Pre-population']);
    await expect(menu.getByRole('group', { name: 'WisH' }).locator('.sidenav__label')).toHaveText(['Entry Book', 'Time Attendance']);
  });

  test('a basic user sees no administrator entry', async ({ page }) => {
    await signIn(page, 'basicUser');
    await page.goto('/dashboard');
    expect(await menuNames(page)).toEqual(everyEntry.filter((name) => !adminOnly.includes(name)));
    await expect(page.getByRole('group', { name: 'Post Office' })).toHaveCount(0);
  });

  test('a personal administrator sees only the entries flagged personal', async ({ page }) => {
    await signInThroughLoginPage(page, 'personalAdministrator');
    expect(await menuNames(page)).toEqual([
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
      'Sign out',
    ]);
    await expect(page.getByTestId('user-role')).toHaveText('Personal');
  });

  test('a super user sees every entry and is named as such', async ({ page }) => {
    await signInThroughLoginPage(page, 'superUser');
    expect(await menuNames(page)).toEqual(everyEntry);
    await expect(page.getByTestId('user-name')).toHaveText('Noah Patel');
    await expect(page.getByTestId('user-role')).toHaveText('Super User');
  });
});

test.describe('the side menu entries', () => {
  test.beforeEach(async ({ page }) => {
    await signIn(page, 'administrator');
  });

  test('System opens the system log in a new tab', async ({ page, context }) => {
    await page.goto('/dashboard');
    const system = page.getByRole('link', { name: /^System/ });
    await expect(system).toHaveAttribute('target', '_blank');
    const [tab] = await Promise.all([context.waitForEvent('page'), system.click()]);
    await tab.waitForLoadState();
    expect(new URL(tab.url()).pathname + new URL(tab.url()).search).toBe('/actionlogs?source=system');
  });

  test('Pre-population loads the page anew, not inside the running app', async ({ page }) => {
    await page.goto('/dashboard');
    await page.evaluate(() => ((window as unknown as { stillHere: boolean }).stillHere = true));
    await page.getByRole('link', { name: 'Pre-population' }).click();
    await expect(page).toHaveURL(/\/pforms$/);
    expect(await page.evaluate(() => (window as unknown as { stillHere?: boolean }).stillHere)).toBeUndefined();
  });

  test('an entry inside the app keeps the running app', async ({ page }) => {
    await page.goto('/dashboard');
    await page.evaluate(() => ((window as unknown as { stillHere: boolean }).stillHere = true));
    await page.getByRole('link', { name: 'Forms', exact: true }).click();
    await expect(page).toHaveURL(/\/completed$/);
    expect(await page.evaluate(() => (window as unknown as { stillHere?: boolean }).stillHere)).toBe(true);
  });

  test('Help opens a small menu: Tutorial Videos, Tutorial PDF(s) and Contact Us', async ({ page }) => {
    await page.goto('/dashboard');
    await page.getByRole('navigation', { name: 'Main menu' }).getByRole('button', { name: 'Help' }).click();
    const menu = page.getByRole('menu');
    await expect(menu.getByRole('menuitem')).toHaveText(['Tutorial Videos', 'Tutorial PDF(s)', 'Contact Us']);
    await menu.getByRole('menuitem', { name: 'Contact Us' }).click();
    await expect(page).toHaveURL(/\/help$/);
  });

  test("Sign out logs out: the session and the company's date style are cleared, and private pages ask to log in", async ({ page }) => {
    await page.goto('/dashboard');
    // The company's date style is kept for the next visit while signed in.
    await expect.poll(() => page.evaluate(() => window.localStorage.getItem('formsign.dateStyle'))).not.toBeNull();
    const logout = page.waitForRequest((request) => request.url().endsWith('/api/logout') && request.method() === 'POST');
    await page.getByRole('button', { name: 'Sign out' }).click();
    await logout;
    await expect(page.getByRole('heading', { name: 'You have signed out', level: 2 })).toBeVisible();
    expect(
      await page.evaluate(() =>
        ['token', 'isSuper', 'isPersonal', 'isSubAdmin', 'isFrontAdmin', 'userIcon'].map((key) => window.localStorage.getItem(key)),
      ),
    ).toEqual([null, null, null, null, null, null]);
    // Nor is the company's date style kept: the next person on this browser may be of another company.
    expect(await page.evaluate(() => window.localStorage.getItem('formsign.dateStyle'))).toBeNull();
    await page.goto('/completed');
    await expect(page).toHaveURL(/\/login$/);
  });

  test('the collapse toggle widens the menu from its default 60 px', async ({ page }) => {
    await page.goto('/dashboard');
    const menu = page.getByRole('navigation', { name: 'Main menu' });
    // The menu comes in once the page has painted.
    await expect(menu).toBeVisible();
    expect((await menu.boundingBox())?.width).toBe(60);
    await page.getByRole('button', { name: 'Expand the menu' }).click();
    await expect(page.getByRole('button', { name: 'Collapse the menu' })).toHaveAttribute('aria-expanded', 'true');
    // The menu widens over 0.15 s (app.css): its width is read until the transition ends.
    await expect.poll(async () => (await menu.boundingBox())?.width, { message: 'the menu has widened' }).toBe(240);
    await expect(menu.getByText('Case Management')).toBeVisible();
  });
});

test.describe('who may open a page', () => {
  test('a signed-out visitor goes to Log In and comes back afterwards', async ({ page }) => {
    await page.goto('/completed?search=leave');
    await expect(page).toHaveURL(/\/login$/);
    expect(await page.evaluate(() => window.localStorage.getItem('surl'))).toBe('/completed?search=leave');
    await signInThroughLoginPage(page, 'administrator', '/login');
    await expect(page).toHaveURL(/\/completed\?search=leave$/);
    expect(await page.evaluate(() => window.localStorage.getItem('surl'))).toBeNull();
  });

  test('a remembered address that would leave the site is not followed after signing in', async ({ page }) => {
    await page.addInitScript(() => window.localStorage.setItem('surl', '/\\evil.example'));
    await signInThroughLoginPage(page, 'administrator', '/login');
    await expect(page).toHaveURL(/^http:\/\/localhost:\d+\/dashboard$/);
  });

  test('a basic user on an administrator page is not allowed', async ({ page }) => {
    await signIn(page, 'basicUser');
    await page.goto('/users');
    await expect(page).toHaveURL(/\/not-allowed$/);
    await expect(page.getByRole('heading', { name: 'Not allowed', level: 2 })).toBeVisible();
  });

  test('a personal administrator on a team page is not allowed', async ({ page }) => {
    await signIn(page, 'personalAdministrator');
    await page.goto('/time-attendance');
    await expect(page).toHaveURL(/\/not-allowed$/);
  });

  test('any other path shows the not-found page', async ({ page }) => {
    await page.goto('/no/such/page');
    await expect(page.getByRole('heading', { name: 'Page not found', level: 2 })).toBeVisible();
    await expect(page.getByText('/no/such/page')).toBeVisible();
  });
});
