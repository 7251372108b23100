import { expect, preferOutcome, signIn, test } from './fixtures.ts';
import type { Page } from '@playwright/test';

async function openVideos(page: Page): Promise<void> {
  await page.getByRole('banner').getByRole('button', { name: 'Help' }).click();
  await page.getByRole('menuitem', { name: 'Tutorial Videos' }).click();
}

async function box(page: Page) {
  const panel = page.getByRole('dialog', { name: /Tutorial/ });
  await expect(panel).toBeVisible();
  const rect = await panel.boundingBox();
  if (!rect) throw new Error('The tutorial panel has no box.');
  return rect;
}

test.describe('the tutorial panel', () => {
  test.beforeEach(async ({ page }) => {
    await signIn(page, 'administrator');
  });

  test('opens at top 50, left 60, 30% of a wide window, with the videos of the page and of everyone', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto('/dashboard');
    await openVideos(page);
    const rect = await box(page);
    expect(rect).toMatchObject({ y: 50, x: 60, width: 384 });
    const list = page.getByRole('list', { name: 'Tutorial Videos' });
    await expect(list.getByRole('button')).toHaveText(['Welcome to formsign', 'Reading the dashboard']);
    await expect(page.getByRole('dialog').locator('video')).toHaveAttribute('src', '/media/tutorials/welcome-to-formsign.mp4');
  });

  test('is half of a narrow window, and never under 150 px', async ({ page }) => {
    await page.setViewportSize({ width: 500, height: 800 });
    await page.goto('/dashboard');
    await openVideos(page);
    expect((await box(page)).width).toBe(250);
    await page.setViewportSize({ width: 280, height: 800 });
    await expect.poll(async () => (await box(page)).width).toBe(150);
  });

  test('follows the window when it is resized', async ({ page }) => {
    await page.setViewportSize({ width: 1000, height: 800 });
    await page.goto('/dashboard');
    await openVideos(page);
    expect((await box(page)).width).toBe(300);
    await page.setViewportSize({ width: 1400, height: 800 });
    await expect.poll(async () => (await box(page)).width).toBe(420);
  });

  test('moves with the keyboard and by dragging its title bar', async ({ page }) => {
    await page.goto('/dashboard');
    await openVideos(page);
    const bar = page.getByRole('group', { name: /Move the tutorial panel/ });
    await bar.focus();
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowRight');
    expect(await box(page)).toMatchObject({ y: 60, x: 80 });
    const handle = await bar.boundingBox();
    if (!handle) throw new Error('No title bar.');
    await page.mouse.move(handle.x + 20, handle.y + 10);
    await page.mouse.down();
    await page.mouse.move(handle.x + 120, handle.y + 210, { steps: 5 });
    await page.mouse.up();
    expect(await box(page)).toMatchObject({ y: 260, x: 180 });
  });

  test('shows the PDFs of the page from the side menu Help entry, and closes', async ({ page }) => {
    await page.goto('/template');
    await page.getByRole('navigation', { name: 'Main menu' }).getByRole('button', { name: 'Help' }).click();
    await page.getByRole('menuitem', { name: 'Tutorial PDF(s)' }).click();
    const panel = page.getByRole('dialog', { name: 'Tutorial PDF(s)' });
    await expect(panel.getByRole('list').getByRole('button')).toHaveText(['formsign user guide', 'Template design guide']);
    await panel.getByRole('button', { name: 'Close' }).click();
    await expect(panel).toHaveCount(0);
  });

  test('falls back to the intro video when no tutorial exists', async ({ page }) => {
    await preferOutcome(page, '/video-tutorial', 'example=empty');
    await page.goto('/dashboard');
    await openVideos(page);
    const panel = page.getByRole('dialog', { name: 'Tutorial Videos' });
    await expect(panel.getByRole('heading', { name: 'Introduction to formsign' })).toBeVisible();
    await expect(panel.locator('video')).toHaveAttribute('src', '/media/fallback/intro.webm');
  });

  test('falls back to the getting-started PDF when the PDFs cannot be fetched', async ({ page }) => {
    await preferOutcome(page, '/pdf-tutorial', 'code=500');
    await page.goto('/dashboard');
    await page.getByRole('navigation', { name: 'Main menu' }).getByRole('button', { name: 'Help' }).click();
    await page.getByRole('menuitem', { name: 'Tutorial PDF(s)' }).click();
    const panel = page.getByRole('dialog', { name: 'Tutorial PDF(s)' });
    await expect(panel.getByRole('heading', { name: 'Getting started with formsign' })).toBeVisible();
    const pdf = await page.request.get('/media/fallback/getting-started.pdf');
    expect(pdf.headers()['content-type']).toBe('application/pdf');
    expect((await pdf.body()).subarray(0, 5).toString()).toBe('%PDF-');
  });
});
