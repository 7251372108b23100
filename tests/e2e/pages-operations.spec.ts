/**
 * The analytics and operations pages: Dashboard, Analysis, Database, Form Integration,
 * Pre-population, Time Attendance, Entry Book, Case Management and Tenant. For each: the data
 * shown and one action done, a failure reached through the mock's named examples, and every
 * action done with the keyboard alone.
 */
import { axeViolations } from '../support/axe.ts';
import type { Page } from '@playwright/test';
import { expect, preferOutcome, signIn, test } from './fixtures.ts';
import { bodyOf, nextRequest, preferWhen, queryOf } from './support-operations.ts';

test.beforeEach(async ({ page }) => {
  await signIn(page, 'administrator');
});

test.describe('Dashboard', () => {
  test('each tab asks for its own chart, and the mock answers each with its own', async ({ page }) => {
    // The first chart is the one the page opens with: one load, so its one request is the one
    // awaited (a reload could send a second one after the next tab's wait had begun).
    const main = page.getByRole('main');
    for (const [tab, chart, title] of [
      ['Forms per month', 'formsPerMonth', 'Forms per month'],
      ['Forms by status', 'formsByStatus', 'Forms by status'],
      ['Forms by template', 'formsByTemplate', 'Most used templates'],
      ['Time to complete', 'signingTime', 'Hours to complete'],
    ] as const) {
      const asked = nextRequest(page, '/get-dashboard');
      if (tab !== 'Forms per month') await main.getByRole('tab', { name: tab }).click();
      else await page.goto('/dashboard');
      expect(bodyOf(await asked)).toEqual({ selectedChart: chart });
      await expect(main.getByRole('heading', { level: 2 }).first()).toHaveText(title);
    }
  });

  test('shows forms per month with its table, and another chart when picked (kept in the URL)', async ({ page }) => {
    await preferWhen(page, '/get-dashboard', (request) => {
      const chart = bodyOf<{ selectedChart: string }>(request).selectedChart;
      return chart === 'formsByStatus' ? 'example=byStatus' : null;
    });
    const first = nextRequest(page, '/get-dashboard');
    await page.goto('/dashboard');
    expect(bodyOf(await first)).toEqual({ selectedChart: 'formsPerMonth' });
    const main = page.getByRole('main');
    await expect(main.getByRole('heading', { level: 2, name: 'Forms per month' })).toBeVisible();
    await expect(main.getByRole('img', { name: /Bar chart: Forms per month/ })).toBeVisible();
    const table = main.getByRole('table', { name: 'Forms per month: the numbers' });
    await expect(table.getByRole('row')).toHaveCount(7);
    await expect(table.getByRole('row', { name: /Nov/ })).toContainText('121');
    await expect(main.getByText('Sent, in total')).toBeVisible();

    const picked = nextRequest(page, '/get-dashboard');
    await main.getByRole('tab', { name: 'Forms by status' }).click();
    expect(bodyOf(await picked)).toEqual({ selectedChart: 'formsByStatus' });
    await expect(page).toHaveURL(/[?&]chart=formsByStatus/);
    await expect(main.getByRole('heading', { level: 2, name: 'Forms by status' })).toBeVisible();
    await expect(main.getByRole('img', { name: /Pie chart: Forms by status/ })).toBeVisible();
    await expect(main.getByRole('table', { name: 'Forms by status: the numbers' }).getByRole('row', { name: /Completed/ })).toContainText('90%');

    await page.reload();
    await expect(main.getByRole('tab', { name: 'Forms by status' })).toHaveAttribute('aria-selected', 'true');
    await expect(main.getByRole('heading', { level: 2, name: 'Forms by status' })).toBeVisible();
  });

  test('the chart is drawn by its worker, and the pointer over a bar shows that bar’s numbers', async ({ page }) => {
    await page.goto('/dashboard');
    const main = page.getByRole('main');
    const canvas = main.getByRole('img', { name: /Bar chart: Forms per month/ });
    await expect(main.locator('.ops-chart__canvas')).toHaveAttribute('data-state', 'drawn');
    const drawn = await canvas.screenshot();
    // The page's own thread never held a drawing context: the canvas went to the worker.
    const holder = await canvas.evaluate((element: HTMLCanvasElement) => {
      try {
        element.getContext('2d');
        return 'page';
      } catch {
        return 'worker';
      }
    });
    expect(holder).toBe('worker');
    // Over the middle of the chart (bars rise from the axis, six months side by side), the tooltip draws on the canvas.
    const box = await canvas.boundingBox();
    if (!box) throw new Error('The chart has no box.');
    await page.mouse.move(box.x + box.width * 0.5, box.y + box.height * 0.6);
    await expect.poll(async () => (await canvas.screenshot()).equals(drawn), { message: 'the tooltip is drawn' }).toBe(false);
    await page.mouse.move(box.x + box.width * 0.5, box.y + box.height + 40);
    await expect.poll(async () => (await canvas.screenshot()).equals(drawn), { message: 'the tooltip goes with the pointer' }).toBe(true);
  });

  test('a chart whose worker cannot load says so, and the table still has every number', async ({ page }) => {
    await page.route(/\/assets\/chart\.worker-[\w-]+\.js$/, (route) => route.abort());
    await page.goto('/dashboard');
    const main = page.getByRole('main');
    await expect(main.getByText('The chart could not be drawn; the table has every number.')).toBeVisible();
    await expect(main.locator('.ops-chart__canvas')).toHaveAttribute('data-state', 'failed');
    await expect(main.getByRole('table', { name: 'Forms per month: the numbers' }).getByRole('row', { name: /Nov/ })).toContainText('121');
  });

  test('a failed chart shows the catalogue text, and Try again loads it', async ({ page }) => {
    await preferOutcome(page, '/get-dashboard', 'code=500, example=noMessage');
    await page.goto('/dashboard');
    const main = page.getByRole('main');
    await expect(main.getByRole('alert')).toHaveText(/Internal error\. please try again/);
    await page.unrouteAll();
    await main.getByRole('button', { name: 'Try again' }).click();
    await expect(main.getByRole('table', { name: 'Forms per month: the numbers' })).toBeVisible();
    await expect(main.getByRole('alert')).toHaveCount(0);
  });

  test('works with the keyboard alone: arrows pick the chart, Enter refreshes it', async ({ page }) => {
    await page.goto('/dashboard');
    const main = page.getByRole('main');
    await expect(main.getByRole('table', { name: 'Forms per month: the numbers' })).toBeVisible();
    await main.getByRole('tab', { name: 'Forms per month' }).focus();
    const picked = nextRequest(page, '/get-dashboard');
    await page.keyboard.press('ArrowRight');
    expect(bodyOf(await picked)).toEqual({ selectedChart: 'formsByStatus' });
    await expect(main.getByRole('tab', { name: 'Forms by status' })).toBeFocused();
    await page.keyboard.press('ArrowRight');
    await expect(main.getByRole('tab', { name: 'Forms by template' })).toBeFocused();
    // The address changes first; the chart is asked for once the page has rendered the pick.
    const pickedLast = nextRequest(page, '/get-dashboard', (request) => bodyOf<{ selectedChart: string }>(request).selectedChart === 'signingTime');
    await page.keyboard.press('ArrowRight');
    await expect(page).toHaveURL(/chart=signingTime/);
    await pickedLast;
    await page.keyboard.press('Tab');
    await expect(main.getByRole('button', { name: 'Refresh' })).toBeFocused();
    const refreshed = nextRequest(page, '/get-dashboard');
    await page.keyboard.press('Enter');
    expect(bodyOf(await refreshed)).toEqual({ selectedChart: 'signingTime' });
  });
});

test.describe('Analysis', () => {
  const pivotTable = /Timesheet Approval: number of submissions by site and approved/;

  test('shows the pivot with row and column totals beside a chart, and asks for the fields picked (kept in the URL)', async ({ page }) => {
    const first = nextRequest(page, '/pivot-details');
    await page.goto('/analysis');
    expect([...queryOf(await first).keys()]).toEqual([]);
    const main = page.getByRole('main');
    const table = main.getByRole('table', { name: pivotTable });
    await expect(table.getByRole('row', { name: /Harbour House/ }).getByRole('cell')).toHaveText(['58', '6', '64']);
    await expect(table.getByRole('row', { name: /^Total/ }).getByRole('cell')).toHaveText(['165', '20', '185']);
    await expect(main.getByRole('img', { name: /Bar chart: Number of submissions by site/ })).toBeVisible();
    await expect(main.getByLabel('Template')).toHaveValue('3007');
    await expect(main.getByLabel('Rows')).toHaveValue('site');

    const picked = nextRequest(page, '/pivot-details');
    await main.getByLabel('Columns').selectOption({ label: 'Where did it happen?' });
    expect(queryOf(await picked).get('column')).toBe('location');
    await expect(page).toHaveURL(/[?&]column=location/);

    const summed = nextRequest(page, '/pivot-details');
    await main.getByLabel('Each cell shows').selectOption({ label: 'Sum of minutes of first aid given' });
    expect(queryOf(await summed).get('value')).toBe('first_aid_minutes');

    const template = nextRequest(page, '/pivot-details');
    await main.getByLabel('Template').selectOption({ label: 'Risk Assessment' });
    const query = queryOf(await template);
    expect(query.get('template')).toBe('3002');
    expect(query.has('column')).toBe(false);
  });

  test('refuses the same field for rows and columns, in the product words, without asking the server', async ({ page }) => {
    await page.goto('/analysis');
    const main = page.getByRole('main');
    await expect(main.getByRole('table', { name: pivotTable })).toBeVisible();
    let asked = 0;
    page.on('request', (request) => {
      if (new URL(request.url()).pathname === '/api/pivot-details') asked++;
    });
    await main.getByLabel('Rows').selectOption('approved');
    await expect(main.getByRole('alert')).toHaveText('Rows and columns need two different fields. Choose another field for one of them.');
    await expect(main.getByLabel('Rows')).toHaveAttribute('aria-invalid', 'true');
    await expect(main.getByLabel('Rows')).toHaveValue('approved');
    expect(asked).toBe(0);
  });

  test('a refused analysis shows the server message, and Try again asks again', async ({ page }) => {
    await preferOutcome(page, '/pivot-details', 'code=403, example=forbidden');
    await page.goto('/analysis');
    const main = page.getByRole('main');
    await expect(main.getByRole('alert')).toContainText('Only administrators can do this.');
    await page.unrouteAll();
    await main.getByRole('button', { name: 'Try again' }).click();
    await expect(main.getByRole('table', { name: pivotTable })).toBeVisible();
  });

  test('works with the keyboard alone: a field changes with the arrows, and the Database link opens with Enter', async ({ page }) => {
    await page.goto('/analysis');
    const main = page.getByRole('main');
    await expect(main.getByRole('table', { name: pivotTable })).toBeVisible();
    // The number fields come with the template's fields, which may arrive after the table.
    await expect(main.getByLabel('Each cell shows').locator('option[value="first_aid_minutes"]')).toBeAttached();
    await main.getByLabel('Each cell shows').focus();
    const summed = nextRequest(page, '/pivot-details');
    await page.keyboard.press('ArrowDown');
    expect(queryOf(await summed).get('value')).toBe('first_aid_minutes');
    await expect(main.getByRole('link', { name: 'Open these submissions in the Database' })).toBeVisible();
    await page.keyboard.press('Tab');
    await expect(main.getByRole('link', { name: 'Open these submissions in the Database' })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/database\?template=3007&rows=site%2Capproved$/);
  });
});

test.describe('Database', () => {
  test('shows the submissions with their values and the summary, and asks for the fields and function chosen', async ({ page }) => {
    await page.goto('/database');
    const main = page.getByRole('main');
    const table = main.getByRole('table', { name: 'Submissions' });
    await expect(table.getByRole('row')).toHaveCount(25);
    await expect(table.getByRole('columnheader', { name: 'Overtime' })).toBeVisible();
    await expect(table.getByRole('row', { name: /TS-2026-0879/ })).toContainText('Elm Court');
    await expect(main.getByRole('status').filter({ hasText: 'Sum of hours' })).toHaveText(/Sum of hours: 742\s*24 submissions match/);

    const fewer = nextRequest(page, '/database-forms', (request) => queryOf(request).get('limit') !== '1');
    await main.getByRole('checkbox', { name: 'Overtime' }).click();
    expect(queryOf(await fewer).get('rows')).toBe('employee,site,hours,approved');
    await expect(page).toHaveURL(/[?&]rows=employee%2Csite%2Chours%2Capproved/);
    await expect(main.getByRole('checkbox', { name: 'Overtime' })).not.toBeChecked();

    const averaged = nextRequest(page, '/database-forms', (request) => queryOf(request).get('limit') !== '1');
    await main.getByLabel('Summary', { exact: true }).selectOption('average');
    const query = queryOf(await averaged);
    expect(query.get('func')).toBe('average');
    expect(query.get('rows')).toBe('employee,site,hours,approved');

    await page.reload();
    await expect(main.getByLabel('Summary', { exact: true })).toHaveValue('average');
    await expect(main.getByRole('checkbox', { name: 'Overtime' })).not.toBeChecked();
  });

  test('exports the filtered submissions as a CSV download, with an info notification', async ({ page }) => {
    await page.goto('/database?template=3007');
    const main = page.getByRole('main');
    await expect(main.getByRole('table', { name: 'Submissions' }).getByRole('row')).toHaveCount(25);
    const exported = nextRequest(page, '/get-exports');
    const download = page.waitForEvent('download');
    await main.getByRole('button', { name: 'Export CSV' }).click();
    expect(queryOf(await exported).get('filters[template]')).toBe('3007');
    const file = await download;
    expect(file.suggestedFilename()).toBe('formsign-export.csv');
    const toast = page.locator('.toast[data-type="info"]');
    await expect(toast).toContainText('Export downloaded');
    await expect(toast).toContainText('formsign-export.csv holds 3 submissions.');
  });

  test('a failed list shows the server message with a retry; a failed export says so in a notification', async ({ page }) => {
    await preferOutcome(page, '/database-forms', 'code=500, example=serverError');
    await preferOutcome(page, '/get-exports', 'code=500, example=noMessage');
    await page.goto('/database');
    const main = page.getByRole('main');
    await expect(main.getByRole('alert')).toHaveText(/The service is busy\. Please try again in a minute\./);
    await main.getByRole('button', { name: 'Export CSV' }).click();
    const toast = page.locator('.toast[data-type="error"]');
    await expect(toast).toContainText('Could not export the submissions');
    await expect(toast).toContainText('Internal error. please try again');
    await page.unrouteAll();
    await main.getByRole('button', { name: 'Try again' }).click();
    await expect(main.getByRole('table', { name: 'Submissions' }).getByRole('row')).toHaveCount(25);
  });

  test('works with the keyboard alone: a field toggles with Space, a column sorts with Enter, the export starts with Enter', async ({ page }) => {
    await page.goto('/database');
    const main = page.getByRole('main');
    await expect(main.getByRole('table', { name: 'Submissions' }).getByRole('row')).toHaveCount(25);
    await main.getByRole('checkbox', { name: 'Site' }).focus();
    const fewer = nextRequest(page, '/database-forms', (request) => queryOf(request).get('limit') !== '1');
    await page.keyboard.press('Space');
    expect(queryOf(await fewer).get('rows')).toBe('employee,hours,overtime,approved');
    await main.getByRole('button', { name: /^Hours/ }).focus();
    const sorted = nextRequest(page, '/database-forms', (request) => queryOf(request).get('limit') !== '1');
    await page.keyboard.press('Enter');
    expect(queryOf(await sorted).get('filters[sort]')).toBe('hours');
    await main.getByRole('button', { name: 'Export CSV' }).focus();
    const download = page.waitForEvent('download');
    await page.keyboard.press('Enter');
    expect((await download).suggestedFilename()).toBe('formsign-export.csv');
  });
});

test.describe('Form Integration', () => {
  /** The mock answers each action with its own named example. */
  async function answerEachAction(page: Page, save = 'example=saved'): Promise<void> {
    await preferWhen(page, '/fetch-integratedforms', (request) => {
      const action = queryOf(request).get('action');
      return action === 'fields' ? 'example=fields' : action === 'save' ? save : null;
    });
  }

  test('lists the integrations; Edit shows the field map, and Save sends the edited map as JSON', async ({ page }) => {
    await answerEachAction(page);
    await page.goto('/iforms');
    const main = page.getByRole('main');
    const list = main.getByRole('table', { name: 'Integrations' });
    await expect(list.getByRole('row')).toHaveCount(5);
    await expect(list.getByRole('row', { name: /Timesheet Approval/ })).toContainText('SFTP server');
    await expect(list.getByRole('row', { name: /Timesheet Approval/ })).toContainText('The data as CSV');

    const fields = nextRequest(page, '/fetch-integratedforms', (request) => queryOf(request).get('action') === 'fields');
    await main.getByRole('button', { name: 'Edit the integration of Timesheet Approval' }).click();
    const asked = queryOf(await fields);
    expect(Object.fromEntries(asked)).toEqual({ action: 'fields', id: '3007', source: 'sftp', sid: '2' });
    await expect(page).toHaveURL(/template=3007&source=sftp&sid=2/);
    await expect(main.getByRole('heading', { name: 'Edit the integration of Timesheet Approval' })).toBeFocused();
    const hours = main.getByLabel('Hours: name in the receiving system');
    await expect(hours).toHaveValue('BasicHours');
    await hours.fill('ContractHours');
    await main.getByLabel('Manager signature: name in the receiving system').fill('ManagerSignature');
    await expect(main.getByLabel('Server folder')).toHaveValue('sftp://payroll.northwindcare.example/incoming');
    await expect(main.getByLabel('What is sent')).toHaveValue('csv');

    const saved = nextRequest(page, '/fetch-integratedforms', (request) => queryOf(request).get('action') === 'save');
    await main.getByRole('button', { name: 'Save integration' }).click();
    const sent = queryOf(await saved);
    expect({
      id: sent.get('id'),
      source: sent.get('source'),
      type: sent.get('type'),
      sid: sent.get('sid'),
      recipient: sent.get('recipient'),
    }).toEqual({
      id: '3007',
      source: 'sftp',
      type: 'csv',
      sid: '2',
      recipient: 'sftp://payroll.northwindcare.example/incoming',
    });
    expect(JSON.parse(sent.get('data') ?? '{}')).toEqual({
      employee: 'EmployeeName',
      site: 'CostCentre',
      week_ending: 'PeriodEnd',
      hours: 'ContractHours',
      overtime: 'OvertimeHours',
      approved: 'Approved',
      manager_signature: 'ManagerSignature',
    });
    const toast = page.locator('.toast[data-type="success"]');
    await expect(toast).toContainText('Integration saved');
    await expect(toast).toContainText('The integration has been saved.');
  });

  test('a new integration refuses a recipient that does not fit its destination, in the product words', async ({ page }) => {
    await answerEachAction(page);
    await page.goto('/iforms');
    const main = page.getByRole('main');
    await main.getByLabel('Template').selectOption({ label: 'Risk Assessment' });
    const fields = nextRequest(page, '/fetch-integratedforms', (request) => queryOf(request).get('action') === 'fields');
    await main.getByLabel('Send completed forms to').selectOption({ label: 'Webhook' });
    expect(Object.fromEntries(queryOf(await fields))).toEqual({ action: 'fields', id: '3002', source: 'webhook' });
    await expect(main.getByRole('heading', { name: 'Set up an integration' })).toBeVisible();
    const recipient = main.getByLabel('Webhook URL');
    await recipient.fill('hooks.example.org/forms');
    let saves = 0;
    page.on('request', (request) => {
      if (new URL(request.url()).pathname === '/api/fetch-integratedforms' && queryOf(request).get('action') === 'save') saves++;
    });
    await main.getByRole('button', { name: 'Save integration' }).click();
    await expect(main.getByText("Enter the webhook's address, starting with https://.")).toBeVisible();
    await expect(recipient).toHaveAttribute('aria-invalid', 'true');
    expect(saves).toBe(0);

    await main.getByLabel('Site: name in the receiving system').fill('EmployeeName');
    await recipient.fill('https://hooks.example.org/forms');
    await main.getByRole('button', { name: 'Save integration' }).click();
    await expect(main.getByText("Employee and Site can't share the name “EmployeeName” in the receiving system.")).toBeVisible();
    expect(saves).toBe(0);

    await main.getByLabel('Site: name in the receiving system').fill('Location');
    const saved = nextRequest(page, '/fetch-integratedforms', (request) => queryOf(request).get('action') === 'save');
    await main.getByRole('button', { name: 'Save integration' }).click();
    const sent = queryOf(await saved);
    expect(sent.get('recipient')).toBe('https://hooks.example.org/forms');
    expect(sent.has('sid')).toBe(false);
    expect(sent.get('type')).toBe('pdf');
  });

  test('a failed save shows the server message and keeps what was typed', async ({ page }) => {
    await answerEachAction(page, 'code=500, example=serverError');
    await page.goto('/iforms?template=3007&source=sftp&sid=2');
    const main = page.getByRole('main');
    const hours = main.getByLabel('Hours: name in the receiving system');
    await hours.fill('ContractHours');
    await main.getByLabel('What is sent').selectOption('both');
    await main.getByRole('button', { name: 'Save integration' }).click();
    await expect(main.getByRole('alert')).toHaveText('The service is busy. Please try again in a minute.');
    await expect(hours).toHaveValue('ContractHours');
    await expect(main.getByLabel('What is sent')).toHaveValue('both');
  });

  test('Delete asks first, then deletes the integration and says so', async ({ page }) => {
    await page.goto('/iforms');
    const main = page.getByRole('main');
    await main.getByRole('button', { name: 'Delete the integration of Expense Claim' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete this integration?' });
    await expect(dialog).toContainText('https://finance.northwindcare.example/hooks/expenses');
    const deleted = nextRequest(page, '/fetch-integratedforms', (request) => queryOf(request).get('action') === 'delete');
    await dialog.getByRole('button', { name: 'Delete integration' }).click();
    expect(Object.fromEntries(queryOf(await deleted))).toEqual({ action: 'delete', sid: '4', id: '3009' });
    await expect(dialog).toBeHidden();
    await expect(page.locator('.toast[data-type="success"]')).toContainText('Integration deleted');
  });

  test('a failed list shows the catalogue text, and Try again loads it', async ({ page }) => {
    await preferOutcome(page, '/fetch-integratedforms', 'code=500, example=noMessage');
    await page.goto('/iforms');
    const main = page.getByRole('main');
    await expect(main.getByRole('alert')).toHaveText(/Internal error\. please try again/);
    await page.unrouteAll();
    await main.getByRole('button', { name: 'Try again' }).click();
    await expect(main.getByRole('table', { name: 'Integrations' }).getByRole('row')).toHaveCount(5);
  });

  test('works with the keyboard alone: edit and save with Enter, delete through the dialog', async ({ page }) => {
    await answerEachAction(page);
    await page.goto('/iforms');
    const main = page.getByRole('main');
    await main.getByRole('button', { name: 'Edit the integration of Timesheet Approval' }).focus();
    await page.keyboard.press('Enter');
    await expect(main.getByRole('heading', { name: 'Edit the integration of Timesheet Approval' })).toBeFocused();
    const hours = main.getByLabel('Hours: name in the receiving system');
    await expect(hours).toBeVisible();
    await page.keyboard.press('Tab');
    await expect(main.getByLabel('Template')).toBeFocused();
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    await expect(main.getByLabel('Employee: name in the receiving system')).toBeFocused();
    await page.keyboard.press('ControlOrMeta+a');
    await page.keyboard.type('StaffName');
    const saved = nextRequest(page, '/fetch-integratedforms', (request) => queryOf(request).get('action') === 'save');
    const refetched = nextRequest(page, '/fetch-integratedforms', (request) => queryOf(request).get('action') === 'list');
    await page.keyboard.press('Enter');
    expect(JSON.parse(queryOf(await saved).get('data') ?? '{}')).toMatchObject({ employee: 'StaffName' });
    // The save has its answer, and the list its refetch, before the delete starts: otherwise
    // they can land while the delete dialog is open.
    await expect(page.locator('.toast[data-type="success"]')).toContainText('Integration saved');
    await (await refetched).response();
    await expect(main.getByRole('table', { name: 'Integrations' })).not.toHaveAttribute('aria-busy', 'true');

    const deleteButton = main.getByRole('button', { name: 'Delete the integration of Incident Report' });
    await deleteButton.focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Delete this integration?' });
    await expect(dialog).toBeVisible();
    await expect(dialog.locator(':focus')).toHaveCount(1);
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(deleteButton).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(dialog).toBeVisible();
    // Tab moves between the dialog's two buttons until the confirming one has focus.
    const confirm = dialog.getByRole('button', { name: 'Delete integration' });
    for (let step = 0; step < 3 && !(await confirm.evaluate((button) => button === document.activeElement)); step++) await page.keyboard.press('Tab');
    await expect(confirm).toBeFocused();
    const deleted = nextRequest(page, '/fetch-integratedforms', (request) => queryOf(request).get('action') === 'delete');
    await page.keyboard.press('Enter');
    expect(queryOf(await deleted).get('sid')).toBe('1');
  });
});

test.describe('Pre-population', () => {
  async function answerEachQuery(page: Page): Promise<void> {
    await preferWhen(page, '/fetch-prepopulation', (request) => {
      const query = queryOf(request);
      return query.get('oid') ? 'example=record' : query.get('id') ? 'example=source' : null;
    });
  }

  test('lists the sources; one source shows which column fills each field, and a record previews its values', async ({ page }) => {
    await answerEachQuery(page);
    await page.goto('/pforms');
    const main = page.getByRole('main');
    const list = main.getByRole('table', { name: 'Data sources' });
    await expect(list.getByRole('row')).toHaveCount(6);
    await expect(list.getByRole('row', { name: /Tenancies/ })).toContainText('212');

    const source = nextRequest(page, '/fetch-prepopulation', (request) => queryOf(request).has('id'));
    await list.getByRole('link', { name: 'Tenancies' }).click();
    expect(Object.fromEntries(queryOf(await source))).toEqual({ id: '3' });
    await expect(page).toHaveURL(/\/pforms\?source=3$/);
    await expect(main.getByRole('heading', { level: 2, name: 'Tenancies' })).toBeVisible();
    await expect(main.getByRole('definition').filter({ hasText: 'TenancyRef' })).toBeVisible();
    await expect(main.getByText('You', { exact: true })).toBeVisible();
    const order = main.getByRole('table', { name: 'Which data column fills each field' });
    await expect(order.getByRole('row', { name: /Monthly rent/ })).toContainText('Rent');

    await main.getByLabel('Record', { exact: true }).selectOption('T-0418');
    const record = nextRequest(page, '/fetch-prepopulation', (request) => queryOf(request).has('oid'));
    await main.getByRole('button', { name: 'Preview' }).click();
    expect(Object.fromEntries(queryOf(await record))).toEqual({ id: '3', oid: 'T-0418' });
    await expect(page).toHaveURL(/oid=T-0418/);
    const values = main.getByRole('table', { name: 'Record T-0418' });
    await expect(values.getByRole('row', { name: /Tenant name/ })).toContainText('Margaret Ellis');
    await expect(values.getByRole('row', { name: /Monthly rent/ })).toContainText('875');

    await main.getByRole('link', { name: 'All data sources' }).click();
    await expect(list.getByRole('row')).toHaveCount(6);
  });

  test('an unknown source says so, with a way back to the list', async ({ page }) => {
    await preferWhen(page, '/fetch-prepopulation', (request) => (queryOf(request).has('id') ? 'example=unknownSource' : null));
    await page.goto('/pforms?source=99');
    const main = page.getByRole('main');
    await expect(main.getByRole('heading', { name: 'Data source not found' })).toBeVisible();
    await expect(main.getByRole('alert')).toHaveText('This data source does not exist.');
    await main.getByRole('link', { name: 'Back to the data sources' }).click();
    await expect(main.getByRole('table', { name: 'Data sources' }).getByRole('row')).toHaveCount(6);
  });

  test('a failed list shows the catalogue text, and Try again loads it', async ({ page }) => {
    await preferOutcome(page, '/fetch-prepopulation', 'code=500, example=noMessage');
    await page.goto('/pforms');
    const main = page.getByRole('main');
    await expect(main.getByRole('alert')).toHaveText(/Internal error\. please try again/);
    await page.unrouteAll();
    await main.getByRole('button', { name: 'Try again' }).click();
    await expect(main.getByRole('table', { name: 'Data sources' }).getByRole('row')).toHaveCount(6);
  });

  test('works with the keyboard alone: open a source and preview a record', async ({ page }) => {
    await answerEachQuery(page);
    await page.goto('/pforms');
    const main = page.getByRole('main');
    await main.getByRole('link', { name: 'Tenancies' }).focus();
    await page.keyboard.press('Enter');
    await expect(main.getByRole('heading', { level: 2, name: 'Tenancies' })).toBeVisible();
    await main.getByLabel('Record', { exact: true }).focus();
    await page.keyboard.press('ArrowDown');
    await expect(main.getByLabel('Record', { exact: true })).toHaveValue('T-0413');
    await page.keyboard.press('Tab');
    await expect(main.getByRole('button', { name: 'Preview' })).toBeFocused();
    const record = nextRequest(page, '/fetch-prepopulation', (request) => queryOf(request).has('oid'));
    await page.keyboard.press('Enter');
    expect(queryOf(await record).get('oid')).toBe('T-0413');
    await expect(main.getByRole('table', { name: 'Record T-0413' })).toBeVisible();
  });
});

test.describe('Time Attendance', () => {
  test.use({ locale: 'en-US' });

  test('shows who is in, filters the staff, and shows the visitors (tab and filters in the URL)', async ({ page }) => {
    await page.goto('/time-attendance');
    const main = page.getByRole('main');
    const staff = main.getByRole('table', { name: 'Staff' });
    await expect(staff.getByRole('row')).toHaveCount(13);
    await expect(main.getByRole('definition').first()).toHaveText('8');
    await main.getByLabel('Show').selectOption({ label: 'In now' });
    await expect(staff.getByRole('row')).toHaveCount(9);
    await main.getByLabel('Unit').selectOption('Elm Court');
    await expect(staff.getByRole('row')).toHaveCount(3);
    await expect(page).toHaveURL(/presence=in&unit=Elm\+Court/);
    await page.reload();
    await expect(staff.getByRole('row')).toHaveCount(3);

    await main.getByRole('tab', { name: 'Visitors' }).click();
    await expect(page).toHaveURL(/tab=visitors/);
    const visitors = main.getByRole('table', { name: 'Visitors of the last 30 days' });
    await expect(visitors.getByRole('row')).toHaveCount(11);
    await expect(visitors.getByRole('row', { name: /Kieran Doyle/ })).toContainText('On site');
  });

  test('lists the entries and reports the hours of a period, grouped as asked, with totals', async ({ page }) => {
    const listed = nextRequest(page, '/tna');
    await page.goto('/time-attendance?tab=entries&from=2026-11-16&to=2026-11-20');
    expect(bodyOf(await listed)).toEqual({ data: { action: 'list', from: '2026-11-16', to: '2026-11-20' } });
    const main = page.getByRole('main');
    const entries = main.getByRole('table', { name: 'Time entries' });
    await expect(entries.getByRole('row')).toHaveCount(21);
    await main.getByLabel('Who').selectOption('visitor');
    await expect(entries.getByRole('row')).toHaveCount(5);
    await main.getByLabel('From').fill('2026-11-18');
    const again = nextRequest(page, '/tna');
    await main.getByRole('button', { name: 'Show' }).click();
    expect(bodyOf(await again)).toEqual({ data: { action: 'list', from: '2026-11-18', to: '2026-11-20' } });

    const reported = nextRequest(page, '/tna_report');
    await main.getByRole('tab', { name: 'Report' }).click();
    expect(bodyOf(await reported)).toEqual({ data: { from: '2026-11-18', to: '2026-11-20', group: 'person' } });
    const report = main.getByRole('table', { name: 'Hours and visits by person' });
    await expect(report.getByRole('row', { name: /Isla Robertson/ }).getByRole('cell')).toHaveText(['102', '1', '0']);
    await expect(report.getByRole('row', { name: /^Total/ }).getByRole('cell')).toHaveText(['1,276.5', '33', '9']);
    await expect(main.getByRole('img', { name: /Bar chart: Staff hours by person/ })).toBeVisible();
    const byDay = nextRequest(page, '/tna_report');
    await main.getByLabel('Group by').selectOption('day');
    expect(bodyOf(await byDay)).toEqual({ data: { from: '2026-11-18', to: '2026-11-20', group: 'day' } });
  });

  test('refuses a period that ends before it starts, and keeps the dates typed', async ({ page }) => {
    await page.goto('/time-attendance?tab=report&from=2026-11-01&to=2026-11-20');
    const main = page.getByRole('main');
    await expect(main.getByRole('table', { name: 'Hours and visits by person' })).toBeVisible();
    let asked = 0;
    page.on('request', (request) => {
      if (new URL(request.url()).pathname === '/api/tna_report') asked++;
    });
    await main.getByLabel('From').fill('2026-11-25');
    await main.getByRole('button', { name: 'Show' }).click();
    await expect(main.getByRole('alert')).toHaveText('The start of the period must be on or before its end.');
    await expect(main.getByLabel('From')).toHaveValue('2026-11-25');
    expect(asked).toBe(0);
  });

  test('a failed staff list shows the catalogue text, and Try again loads it', async ({ page }) => {
    await preferOutcome(page, '/staffget', 'code=500, example=noMessage');
    await page.goto('/time-attendance');
    const main = page.getByRole('main');
    await expect(main.getByRole('alert')).toHaveText(/Internal error\. please try again/);
    await page.unrouteAll();
    await main.getByRole('button', { name: 'Try again' }).click();
    await expect(main.getByRole('table', { name: 'Staff' }).getByRole('row')).toHaveCount(13);
  });

  test('works with the keyboard alone: tabs with the arrows, a period applied with Enter', async ({ page }) => {
    await page.goto('/time-attendance');
    const main = page.getByRole('main');
    await expect(main.getByRole('table', { name: 'Staff' }).getByRole('row')).toHaveCount(13);
    await main.getByRole('tab', { name: 'Staff' }).focus();
    await page.keyboard.press('ArrowLeft');
    await expect(main.getByRole('tab', { name: 'Report' })).toBeFocused();
    await expect(main.getByRole('table', { name: 'Hours and visits by person' })).toBeVisible();
    await page.keyboard.press('Tab');
    await expect(main.getByLabel('From')).toBeFocused();
    // The date field reads month, day, year (the test browser's en-US locale), moving on by itself.
    await page.keyboard.type('11052026');
    await expect(main.getByLabel('From')).toHaveValue('2026-11-05');
    const reported = nextRequest(page, '/tna_report');
    await page.keyboard.press('Enter');
    expect(bodyOf<{ data: { from: string; group: string } }>(await reported).data).toMatchObject({ from: '2026-11-05', group: 'person' });
  });
});

test.describe('Entry Book', () => {
  test("records a staff member's entry and shows the day's entries", async ({ page }) => {
    const day = nextRequest(page, '/tna', (request) => bodyOf<{ data: { action: string } }>(request).data.action === 'list');
    await page.goto('/time-entry');
    const listed = bodyOf<{ data: { from: string; to: string } }>(await day).data;
    expect(listed.from).toBe(listed.to);
    const main = page.getByRole('main');
    await expect(main.getByRole('table', { name: /^Entries on / }).getByRole('row')).toHaveCount(21);
    await main.getByLabel('Person').selectOption({ label: 'Priya Shah · Harbour House (in)' });
    await expect(main.getByRole('radio', { name: 'Out' })).toBeChecked();
    await main.getByLabel('Note (optional)').fill('Leaving early: dentist');
    const recorded = nextRequest(page, '/tna', (request) => bodyOf<{ data: { action: string } }>(request).data.action === 'record');
    const refreshed = nextRequest(page, '/tna', (request) => bodyOf<{ data: { action: string } }>(request).data.action === 'list');
    await main.getByRole('button', { name: 'Record entry' }).click();
    expect(bodyOf(await recorded)).toEqual({
      data: { action: 'record', kind: 'staff', direction: 'out', note: 'Leaving early: dentist', person: 4001 },
    });
    await refreshed;
    await expect(page.locator('.toast[data-type="success"]')).toContainText('Priya Shah: out at');
    await expect(main.getByLabel('Note (optional)')).toHaveValue('');
  });

  test('a refused entry shows the product text and keeps what was typed', async ({ page }) => {
    await preferWhen(page, '/tna', (request) => (bodyOf<{ data: { action: string } }>(request).data.action === 'record' ? 'example=invalid' : null));
    await page.goto('/time-entry');
    const main = page.getByRole('main');
    await main.getByLabel('Person').selectOption('4003');
    await main.getByLabel('Note (optional)').fill('Late: bus delayed');
    await main.getByRole('button', { name: 'Record entry' }).click();
    await expect(main.getByRole('alert')).toHaveText('Parameter failed.');
    await expect(main.getByLabel('Person')).toHaveValue('4003');
    await expect(main.getByRole('radio', { name: 'In' })).toBeChecked();
    await expect(main.getByLabel('Note (optional)')).toHaveValue('Late: bus delayed');
  });

  test('asks for the person before recording, without asking the server', async ({ page }) => {
    await page.goto('/time-entry');
    const main = page.getByRole('main');
    await expect(main.getByLabel('Person')).toBeVisible();
    let recorded = 0;
    page.on('request', (request) => {
      if (new URL(request.url()).pathname === '/api/tna' && bodyOf<{ data: { action: string } }>(request).data.action === 'record') recorded++;
    });
    await main.getByRole('button', { name: 'Record entry' }).click();
    await expect(main.getByText('Choose the staff member.')).toBeVisible();
    await expect(main.getByLabel('Person')).toHaveAttribute('aria-invalid', 'true');
    expect(recorded).toBe(0);
  });

  test('works with the keyboard alone: a new visitor signed in with Enter', async ({ page }) => {
    await page.goto('/time-entry');
    const main = page.getByRole('main');
    await main.getByRole('radio', { name: 'Staff member' }).focus();
    await page.keyboard.press('ArrowRight');
    await expect(main.getByRole('radio', { name: 'Visitor' })).toBeChecked();
    await page.keyboard.press('Tab');
    await expect(main.getByLabel('Person')).toBeFocused();
    await page.keyboard.press('ArrowDown');
    await expect(main.getByLabel('Person')).toHaveValue('new');
    await page.keyboard.press('Tab');
    await expect(main.getByLabel("Visitor's name")).toBeFocused();
    await page.keyboard.type('Joanne Ellis');
    const recorded = nextRequest(page, '/tna', (request) => bodyOf<{ data: { action: string } }>(request).data.action === 'record');
    await page.keyboard.press('Enter');
    expect(bodyOf(await recorded)).toEqual({ data: { action: 'record', kind: 'visitor', direction: 'in', note: '', name: 'Joanne Ellis' } });
    await expect(page.locator('.toast[data-type="success"]')).toContainText('Joanne Ellis: in at');
  });
});

test.describe('Case Management', () => {
  test('lists the tenants, filters and sorts them in the URL, and opens a tenant', async ({ page }) => {
    await page.goto('/dsm');
    const main = page.getByRole('main');
    const tenants = main.getByRole('table', { name: 'Tenants' });
    await expect(tenants.getByRole('row')).toHaveCount(17);
    await main.getByLabel('Status').selectOption('monitoring');
    await expect(tenants.getByRole('row')).toHaveCount(5);
    await expect(page).toHaveURL(/status=monitoring/);
    await main.getByLabel('Search tenants').fill('Emily');
    await main.getByRole('button', { name: 'Filter' }).click();
    await expect(tenants.getByRole('row')).toHaveCount(3);
    await main.getByRole('button', { name: 'Clear' }).click();
    await expect(tenants.getByRole('row')).toHaveCount(17);
    await tenants.getByRole('button', { name: /Open cases/ }).click();
    await expect(page).toHaveURL(/sort=open_cases&order=desc/);
    await expect(tenants.getByRole('row').nth(1).getByRole('cell').nth(4)).toHaveText('3');
    await tenants.getByRole('button', { name: /Open cases/ }).click();
    await expect(page).toHaveURL(/sort=open_cases&order=asc/);
    await expect(tenants.getByRole('row').nth(1)).toContainText('Ahmed Rahman');
    await page.reload();
    await expect(tenants.getByRole('row').nth(1)).toContainText('Ahmed Rahman');
    await tenants.getByRole('link', { name: 'Margaret Ellis' }).click();
    await expect(page).toHaveURL(/\/tenant\/6001$/);
  });

  test('lists the caseworkers, each linking to their tenants', async ({ page }) => {
    await page.goto('/dsm?tab=caseworkers');
    const main = page.getByRole('main');
    const people = main.getByRole('table', { name: 'Caseworkers' });
    await expect(people.getByRole('row')).toHaveCount(9);
    await expect(people.getByRole('link', { name: 'zara.ahmed@northwindcare.example' })).toHaveAttribute(
      'href',
      'mailto:zara.ahmed@northwindcare.example',
    );
    await people.getByRole('link', { name: 'See tenants of Zara Ahmed' }).click();
    await expect(main.getByRole('tab', { name: 'Tenants' })).toHaveAttribute('aria-selected', 'true');
    await expect(main.getByLabel('Search tenants')).toHaveValue('Zara Ahmed');
    await expect(main.getByRole('table', { name: 'Tenants' }).getByRole('row')).toHaveCount(3);
  });

  test('a failed list shows the server message, and Try again loads it', async ({ page }) => {
    await preferOutcome(page, '/get-tenants', 'code=500, example=serverError');
    await page.goto('/dsm');
    const main = page.getByRole('main');
    await expect(main.getByRole('alert')).toHaveText(/The service is busy\. Please try again in a minute\./);
    await page.unrouteAll();
    await main.getByRole('button', { name: 'Try again' }).click();
    await expect(main.getByRole('table', { name: 'Tenants' }).getByRole('row')).toHaveCount(17);
  });

  test('works with the keyboard alone: search with Enter, sort with Enter, open a tenant with Enter', async ({ page }) => {
    await page.goto('/dsm');
    const main = page.getByRole('main');
    const tenants = main.getByRole('table', { name: 'Tenants' });
    await expect(tenants.getByRole('row')).toHaveCount(17);
    await main.getByLabel('Search tenants').focus();
    await page.keyboard.type('Church Walk');
    await page.keyboard.press('Enter');
    await expect(tenants.getByRole('row')).toHaveCount(3);
    await tenants.getByRole('button', { name: /Tenant/ }).focus();
    await page.keyboard.press('Enter');
    await expect(tenants.getByRole('row').nth(1)).toContainText('Carol Fenwick');
    await tenants.getByRole('link', { name: 'Carol Fenwick' }).focus();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/tenant\/6013$/);
  });
});

test.describe('Tenant', () => {
  test("shows the tenant's details, notes and forms, each form opening its list", async ({ page }) => {
    const asked = nextRequest(page, '/get-tenant');
    await page.goto('/tenant/6001');
    expect(bodyOf(await asked)).toEqual({ id: 6001 });
    const main = page.getByRole('main');
    await expect(main.getByRole('heading', { level: 2, name: 'Margaret Ellis' })).toBeVisible();
    await expect(main.getByRole('link', { name: '+44 117 496 0732' })).toHaveAttribute('href', 'tel:+441174960732');
    await expect(main.getByText('Daughter (Joanne) holds lasting power of attorney.')).toBeVisible();
    const forms = main.getByRole('table', { name: 'Forms on the case' });
    await expect(forms.getByRole('row')).toHaveCount(4);
    await expect(forms.getByRole('row', { name: /NWC-2026-1446/ })).toContainText('Awaiting approval');
    await forms.getByRole('link', { name: 'Open in Forms (NWC-2026-1382)' }).click();
    await expect(page).toHaveURL(/\/completed\?search=NWC-2026-1382$/);
  });

  test('a tenant that does not exist says so, with a way back', async ({ page }) => {
    await preferOutcome(page, '/get-tenant', 'code=404, example=notFound');
    await page.goto('/tenant/9999');
    const main = page.getByRole('main');
    await expect(main.getByRole('heading', { name: 'Tenant not found' })).toBeVisible();
    await expect(main.getByText('This item does not exist or was deleted.')).toBeVisible();
    await main.getByRole('link', { name: 'Back to Case Management' }).click();
    await expect(page).toHaveURL(/\/dsm$/);
  });

  test('an address without a tenant number says so without asking the server', async ({ page }) => {
    let asked = 0;
    page.on('request', (request) => {
      if (new URL(request.url()).pathname === '/api/get-tenant') asked++;
    });
    await page.goto('/tenant/not-a-number');
    await expect(page.getByRole('main').getByRole('heading', { name: 'Tenant not found' })).toBeVisible();
    expect(asked).toBe(0);
  });

  test('a failed load shows the catalogue text, and Try again loads it', async ({ page }) => {
    await preferOutcome(page, '/get-tenant', 'code=500, example=noMessage');
    await page.goto('/tenant/6001');
    const main = page.getByRole('main');
    await expect(main.getByRole('alert')).toHaveText(/Internal error\. please try again/);
    await page.unrouteAll();
    await main.getByRole('button', { name: 'Try again' }).click();
    await expect(main.getByRole('heading', { level: 2, name: 'Margaret Ellis' })).toBeVisible();
  });

  test('works with the keyboard alone: a form opens its list with Enter, and the way back too', async ({ page }) => {
    await page.goto('/tenant/6001');
    const main = page.getByRole('main');
    await main.getByRole('link', { name: 'Open in Workflow (NWC-2026-1454)' }).focus();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/workflow\?search=NWC-2026-1454$/);
    await page.goBack();
    await main.getByRole('link', { name: 'All tenants' }).focus();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/dsm$/);
  });
});

test.describe('accessibility of the operations pages (axe-core)', () => {
  const pages: [string, string][] = [
    ['/dashboard?chart=formsByStatus', 'Forms by status'],
    ['/analysis', 'What to analyse'],
    ['/database', 'Columns and summary'],
    ['/iforms?template=3007&source=sftp', 'Integrations'],
    ['/pforms?source=3&oid=T-0413', 'Preview a record'],
    ['/time-attendance?tab=report', 'Hours and visits by person'],
    ['/time-entry', 'Record an entry'],
    ['/dsm', 'Tenants'],
    ['/tenant/6001', 'Margaret Ellis'],
  ];
  test('no page has a serious or critical violation', async ({ page }) => {
    test.setTimeout(120_000);
    await preferWhen(page, '/fetch-integratedforms', (request) => (queryOf(request).get('action') === 'fields' ? 'example=fields' : null));
    await preferWhen(page, '/fetch-prepopulation', (request) =>
      queryOf(request).get('oid') ? 'example=record' : queryOf(request).get('id') ? 'example=source' : null,
    );
    const found: string[] = [];
    for (const [path, heading] of pages) {
      await page.goto(path);
      await expect(page.getByRole('main').getByRole('heading', { name: heading }).first()).toBeVisible();
      await expect(page.getByRole('main').getByRole('status').filter({ hasText: 'Loading' })).toHaveCount(0);
      found.push(...(await axeViolations(page, { within: 'main' })).map((violation) => `${path}: ${violation}`));
    }
    expect(found).toEqual([]);
  });
});
