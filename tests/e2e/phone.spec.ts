/**
 * On a phone (the `phone` project: 390×844, touch): every route of the route table, as each
 * role and signed out, fits the screen's width (nothing scrolls sideways; wide lists scroll
 * inside their own box), shows a title that is not cut short, and breaks no rule of the
 * Content-Security-Policy. One test per role visits every route in one tab, moving in the app
 * as a person would, so the run stays short.
 */
import type { Page } from '@playwright/test';
import { isPlainRoute, routePatterns } from '../support/app-routes.ts';
import { watchViolations } from './csp-violations.ts';
import { busyIndicators, expect, signIn, test, type Role } from './fixtures.ts';

/**
 * The addresses to visit for a route of the table, where they are not the route's own path: a
 * real address for a route with parameters (a route without one fails the test), the tabs and
 * views of a page, none for /logout (it ends the session).
 */
const addresses: Record<string, string[]> = {
  '/activate': ['/activate', '/activate?key=act_9f8e7d'],
  '/dashboard': ['/dashboard', '/dashboard?chart=formsByTemplate'],
  '/template/edit/:id/step1': ['/template/edit/3001/step1'],
  '/template/edit/:id/step2': ['/template/edit/3001/step2'],
  '/template/edit/:id/step3': ['/template/edit/3001/step3'],
  '/send/:templateId?': ['/send', '/send/3001'],
  '/bulk-sends/:id?': ['/bulk-sends', '/bulk-sends/12'],
  '/workflow/:id': ['/workflow/5125'],
  '/tenant/:id': ['/tenant/6001'],
  '/actionlogs': ['/actionlogs', '/actionlogs?source=system'],
  '/account': ['/account', '/account?tab=2', '/account?tab=3'],
  '/users/:page?': ['/users'],
  '/settings': ['/settings', '/settings?tab=categories', '/settings?tab=groups'],
  '/stripe-completion': ['/stripe-completion?payment_intent=pi_3Q9x&redirect_status=succeeded'],
  '/checkout/return': ['/checkout/return?session_id=cs_test_a1B2c3D4e5'],
  '/web-signing/:pageId?': ['/web-signing/f7c2a9e4-31b8-4d6a-9e0f-5c4b3a2d1e0f?token=sgn_8Qm2xV7pL4&order=1&refs='],
  '/open-signing/:pageId?': ['/open-signing/f7c2a9e4-31b8-4d6a-9e0f-5c4b3a2d1e0f'],
  '/open-pending/:pageId?': ['/open-pending/f3305d63d04c'],
  '/logout': [],
  '/register/:pmachinename?': ['/register'],
  '/confirm-email': [
    '/confirm-email',
    '/confirm-email?key=1001.1795000000.b2xpdmlhLmJlbm5ldHRAbWFpbC5leGFtcGxl.Q2hhbmdlT2ZBZGRyZXNzU2lnbmF0dXJlMDAw',
  ],
  '/user/reset/:userId/:timestamp/:hashedPassword': ['/user/reset/1001/1763640000/9b1c0e7d'],
  '*': ['/no-such-page'],
};

/** Moves to `address` inside the app (as a link does), without loading the page again. */
async function goInApp(page: Page, address: string): Promise<void> {
  await page.evaluate((to) => {
    window.history.pushState(null, '', to);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, address);
}

/** Waits until the page has loaded its script and its data: no spinner, nothing busy. */
async function settled(page: Page): Promise<void> {
  await expect(busyIndicators(page)).toHaveCount(0, { timeout: 10_000 });
}

interface Fit {
  viewport: number;
  page: number;
  /** The elements that reach past the right edge, to say where the overflow comes from. */
  culprits: string[];
  title: { text: string; cut: boolean } | null;
}

async function measureFit(page: Page): Promise<Fit> {
  return page.evaluate(() => {
    const viewport = document.documentElement.clientWidth;
    const culprits: string[] = [];
    for (const element of document.querySelectorAll<HTMLElement>('body *')) {
      const box = element.getBoundingClientRect();
      if (box.width === 0 || box.right <= viewport + 1) continue;
      // Inside a box that scrolls sideways itself, reaching further is that box's business.
      let scroller: HTMLElement | null = element.parentElement;
      let inScroller = false;
      while (scroller && scroller !== document.body) {
        const overflow = getComputedStyle(scroller).overflowX;
        if (overflow === 'auto' || overflow === 'scroll' || overflow === 'hidden' || overflow === 'clip') {
          inScroller = true;
          break;
        }
        scroller = scroller.parentElement;
      }
      // Named where it starts: the element that sticks out of a parent that itself fits.
      const parent = element.parentElement?.getBoundingClientRect();
      const sticksOut = !parent || parent.right <= viewport + 1;
      if (!inScroller && sticksOut && culprits.length < 8)
        culprits.push(`${element.tagName.toLowerCase()}${[...element.classList].map((name) => `.${name}`).join('')} (${Math.round(box.width)} px)`);
    }
    const heading = document.querySelector<HTMLElement>('[data-testid="page-title"]') ?? document.querySelector<HTMLElement>('main h1');
    return {
      viewport,
      page: Math.max(document.documentElement.scrollWidth, document.body.scrollWidth),
      culprits,
      title: heading
        ? {
            text: heading.textContent ?? '',
            cut: heading.scrollWidth > heading.clientWidth + 1 || heading.scrollHeight > heading.clientHeight + 1 || heading.clientWidth < 40,
          }
        : null,
    };
  });
}

const everyAddress = (): string[] => {
  expect(routePatterns.length).toBeGreaterThan(30);
  const addressesOf = (path: string): string[] | undefined => addresses[path] ?? (isPlainRoute(path) ? [path] : undefined);
  const missing = routePatterns.filter((path) => addressesOf(path) === undefined);
  expect(missing, 'every route of the route table has an address to visit').toEqual([]);
  return [...new Set(routePatterns.flatMap((path) => addressesOf(path) ?? []))];
};

async function visitEveryRoute(page: Page, watch: Awaited<ReturnType<typeof watchViolations>>): Promise<void> {
  const problems: string[] = [];
  for (const address of everyAddress()) {
    watch.at(address);
    await goInApp(page, address);
    await settled(page);
    // A page between two states (its script here, its data on the way) may show no heading
    // for a moment: the sweep measures the page once its title is there, or says it never came.
    await expect(page.locator('[data-testid="page-title"], main h1').first())
      .not.toBeEmpty({ timeout: 5_000 })
      .catch(() => undefined);
    const fit = await measureFit(page);
    const where = `${address} (shown: ${new URL(page.url()).pathname})`;
    if (fit.page > fit.viewport) problems.push(`${where} is ${fit.page} px wide on a ${fit.viewport} px screen: ${fit.culprits.join(', ')}`);
    if (!fit.title || !fit.title.text.trim()) problems.push(`${where} shows no title`);
    else if (fit.title.cut) problems.push(`${where} cuts its title “${fit.title.text}” short`);
  }
  expect(problems).toEqual([]);
  expect(watch.violations, 'no route breaks the Content-Security-Policy').toEqual([]);
}

const roles: Role[] = ['administrator', 'basicUser', 'personalAdministrator', 'superUser'];

test.describe('on a 390×844 phone', () => {
  test.describe.configure({ timeout: 180_000 });

  for (const role of roles) {
    test(`every route fits the screen and shows its title, signed in as ${role}`, async ({ page }) => {
      await signIn(page, role);
      const watch = await watchViolations(page);
      await page.goto('/dashboard');
      await settled(page);
      await visitEveryRoute(page, watch);
    });
  }

  test('every route fits the screen and shows its title, signed out', async ({ page }) => {
    const watch = await watchViolations(page);
    await page.goto('/login');
    await settled(page);
    await visitEveryRoute(page, watch);
  });
});

test.describe('on a 390×844 phone, the side menu', () => {
  test('opens as a drawer from the top bar, and closes with Close, Escape or an entry', async ({ page }) => {
    await signIn(page, 'administrator');
    await page.goto('/dashboard');
    const menu = page.getByRole('navigation', { name: 'Main menu' });
    const open = page.getByRole('banner').getByRole('button', { name: 'Menu', exact: true });
    await expect(open).toHaveAttribute('aria-expanded', 'false');
    await expect(menu).toBeHidden();

    await open.click();
    await expect(menu).toBeVisible();
    await expect(open).toHaveAttribute('aria-expanded', 'true');
    await expect(menu.getByRole('button', { name: 'Close the menu' })).toBeFocused();
    await expect(menu.getByText('Olivia Bennett')).toBeVisible();
    // Over the page, leaving a strip of it in view; the page waits until the drawer closes.
    await expect.poll(async () => (await menu.boundingBox())?.x, { message: 'the drawer has slid in' }).toBe(0);
    expect((await menu.boundingBox())?.width).toBeLessThan(390);
    await expect(page.locator('main')).toHaveJSProperty('inert', true);

    await page.keyboard.press('Escape');
    await expect(menu).toBeHidden();
    await expect(open).toBeFocused();
    await expect(page.locator('main')).toHaveJSProperty('inert', false);

    await open.click();
    await menu.getByRole('button', { name: 'Close the menu' }).click();
    await expect(menu).toBeHidden();

    await open.click();
    await menu.getByRole('link', { name: 'Forms', exact: true }).click();
    await expect(page).toHaveURL(/\/completed$/);
    await expect(menu).toBeHidden();
    await expect(page.getByTestId('page-title')).toHaveText('Forms');
  });
});

/** Each email address on the page, as the lines it is laid out in. */
async function emailLines(page: Page): Promise<string[][]> {
  return page.locator('[data-email]').evaluateAll((elements) =>
    elements.map((element) => {
      const lines = new Map<number, string>();
      const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
      while (walker.nextNode()) {
        const node = walker.currentNode as Text;
        for (let index = 0; index < node.data.length; index++) {
          const range = document.createRange();
          range.setStart(node, index);
          range.setEnd(node, index + 1);
          const top = Math.round(range.getClientRects()[0]?.top ?? -1);
          lines.set(top, (lines.get(top) ?? '') + node.data[index]);
        }
      }
      return [...lines.entries()].sort((a, b) => a[0] - b[0]).map(([, text]) => text);
    }),
  );
}

/** Where an address breaks between two lines: only after its @ or before a dot, never inside a word. */
function midWordBreaks(addresses: string[][]): string[] {
  return addresses.flatMap((lines) =>
    lines.slice(1).flatMap((line, index) => {
      const before = lines[index] ?? '';
      return before.endsWith('@') || line.startsWith('.') ? [] : [`${lines.join('')} breaks between “${before}” and “${line}”`];
    }),
  );
}

test.describe('on a narrow phone (320 px), email addresses', () => {
  test.use({ viewport: { width: 320, height: 700 } });

  test('break only after the @ or before a dot in the users list and a purchase receipt', async ({ page }) => {
    await signIn(page, 'administrator');
    await page.goto('/users');
    await expect(page.locator('[data-email]').first()).toBeVisible();
    const users = await emailLines(page);
    expect(users.length).toBeGreaterThan(5);
    expect(midWordBreaks(users)).toEqual([]);

    await page.goto('/checkout/return?session_id=cs_test_a1B2c3D4e5');
    await expect(page.getByText('Receipt on its way to')).toBeVisible();
    const receipt = await emailLines(page);
    expect(receipt).toHaveLength(1);
    expect(receipt[0]?.length, 'the receipt’s address wraps on a 320 px screen').toBeGreaterThan(1);
    expect(midWordBreaks(receipt)).toEqual([]);
  });
});

test.describe('on a 390×844 phone, a list', () => {
  test('does not move when its rows and count come, nor when the templates of its filter do', async ({ page }) => {
    await signIn(page, 'administrator');
    // The rows of /pending, the templates of /completed's filter: held back, the table measured while they load and after.
    for (const [path, call, caption] of [
      ['/pending', /\/pending-form\b/, 'Forms waiting for you'],
      ['/completed', /\/get-templates\b/, 'Completed forms'],
    ] as const) {
      let release = (): void => undefined;
      const held = new Promise<void>((resolve) => (release = resolve));
      await page.route(call, async (route) => {
        await held;
        await route.fallback();
      });
      await page.goto(path);
      const table = page.getByRole('table', { name: caption });
      await expect(table).toBeVisible();
      const loading = (await table.boundingBox())?.y;
      if (path === '/pending') await expect(page.getByRole('navigation', { name: /: pages$/ }), 'no pager where the rows will come').toHaveCount(0);
      release();
      await expect(table.getByRole('cell').first()).toBeVisible();
      await page.waitForLoadState('networkidle');
      expect((await table.boundingBox())?.y, path).toBe(loading);
      await page.unrouteAll();
    }
  });
});
