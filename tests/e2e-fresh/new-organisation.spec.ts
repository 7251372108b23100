/**
 * An organisation made from nothing, on a server started without the demo organisation
 * (FORMSIGN_DEMO=0): it registers through the page and uses each area with what it makes
 * itself: its settings, a colleague given a role, a template, a data source that pre-fills it,
 * a form sent, signed through its link and sealed (kept in Documents by the setting, its
 * download recorded), its interface wording, a case the form is filed on, a tutorial of its
 * own, and its audit trail exported.
 */
import { readFile } from 'node:fs/promises';
import { expect, test, type Page } from '@playwright/test';
import { e2eFreshData } from '../e2e-server/settings.ts';
import { linkIn, mailIn, makeTemplate, signIn, type Mail } from '../e2e-server/support.ts';

const mailTo = (to: string, subject?: RegExp): Promise<Mail> => mailIn(e2eFreshData, to, subject);
const stamp = Date.now().toString(36);
const owner = { login: `harbour.${stamp}`, email: `owner.${stamp}@harbourhousing.example`, password: 'harbour-secret-1' };
const colleague = { email: `sam.${stamp}@harbourhousing.example`, password: 'sam-chose-this-1' };
const title = 'Tenancy check-in';
const source = 'Tenancies';

const main = (page: Page) => page.getByRole('main');

test('a new organisation registers and uses each area from nothing', async ({ page, browser }) => {
  test.setTimeout(240_000);

  await test.step('registers through the page and activates from its mail', async () => {
    await page.goto('/register');
    await page.getByLabel('First name').fill('Morgan');
    await page.getByLabel('Last name').fill('Reyes');
    await page.getByLabel('Email').fill(owner.email);
    await page.getByLabel('Login name').fill(owner.login);
    await page.getByLabel('Password').fill(owner.password);
    await page.getByLabel('Company').fill('Harbour Housing');
    await page.getByRole('button', { name: 'Create account' }).click();
    await expect(page.getByRole('status')).toHaveText('Thank you. Please check your email: we are sending the next step to the address you gave.');
    await page.goto(linkIn(await mailTo(owner.email, /Activate/)));
    await expect(page.getByRole('status')).toHaveText('Your account is active. You can log in now.');
    await signIn(page, owner.login, owner.password);
    await expect(page.getByRole('banner')).toContainText('Morgan Reyes');
  });

  await test.step('starts empty', async () => {
    await page.goto('/workflow');
    await expect(main(page).getByRole('link', { name: /^Send / })).toHaveCount(0);
    await page.goto('/template');
    await expect(main(page).getByRole('row', { name: new RegExp(title) })).toHaveCount(0);
  });

  await test.step('sets its dates to day first and keeps completed forms in Documents', async () => {
    await page.goto('/settings');
    await page.getByLabel('Date format').selectOption('DD/MM/YYYY');
    await page.getByLabel('Save every completed form to Documents automatically').check();
    await page.getByRole('button', { name: 'Save settings' }).click();
    await expect(page.getByText('Your settings have been saved.')).toBeVisible();
  });

  await test.step('invites a colleague and makes them a personal administrator', async () => {
    await page.goto('/users');
    await page.getByRole('button', { name: 'Invite people' }).click();
    await page.getByLabel('Email').fill(colleague.email);
    await page.getByLabel('First name').fill('Sam');
    await page.getByLabel('Last name').fill('Okafor');
    await page.getByRole('button', { name: 'Send invitation' }).click();
    await expect(page.getByRole('status').filter({ hasText: colleague.email })).toContainText('Invitation sent successfully.');

    const invitee = await browser.newPage();
    await invitee.goto(linkIn(await mailTo(colleague.email, /invited you/)));
    await invitee.getByLabel('New password', { exact: true }).fill(colleague.password);
    await invitee.getByLabel('New password again').fill(colleague.password);
    await invitee.getByRole('button', { name: 'Save the new password' }).click();
    await expect(invitee.getByRole('status')).toHaveText('Your new password has been saved. You can log in now.');

    const row = page.getByRole('row', { name: /Sam Okafor/ });
    await row.getByRole('button', { name: /Actions|More/ }).click();
    await page.getByRole('menuitem', { name: 'Make personal administrator' }).click();
    await expect(row).toContainText('Personal administrator');

    // The role holds where it counts: their menu is a personal administrator's.
    await signIn(invitee, colleague.email, colleague.password);
    const menu = invitee.getByRole('navigation', { name: 'Main menu' });
    await expect(menu.getByRole('link', { name: 'Dashboard' })).toBeVisible();
    await expect(menu.getByRole('link', { name: 'Users' })).toHaveCount(0);
    await invitee.close();
  });

  await test.step('makes a template: the sender names the tenant, the tenant signs', async () => {
    await makeTemplate(
      page,
      title,
      [
        { label: 'Tenant name', answeredBy: '0' },
        { label: 'Tenant signature', type: 'signature', required: true },
      ],
      'Tenant',
    );
  });

  await test.step('uploads a data source and maps it to the template', async () => {
    await page.goto('/pforms');
    await page.getByLabel('Name', { exact: true }).fill(source);
    await page.getByLabel('Fills in').selectOption({ label: title });
    await page.getByLabel('CSV file', { exact: true }).setInputFiles({
      name: 'tenancies.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from('Ref,Tenant\nT-1,Aisha Karim\nT-2,Tom Lindqvist\n'),
    });
    await page.getByRole('button', { name: 'Upload' }).click();
    await expect(page.getByRole('heading', { name: source })).toBeVisible();
    await page.getByLabel('Tenant name', { exact: true }).selectOption('Tenant');
    await page.getByRole('button', { name: 'Save the mapping' }).click();
    await expect(
      page.getByRole('table', { name: 'Which data column fills each field' }).getByRole('row').filter({ hasText: 'Tenant name' }),
    ).toContainText('Tenant');
  });

  let reference = '';
  let progress = '';
  await test.step('sends a form pre-filled from a record, which the tenant signs from the mailed link', async () => {
    await page.goto(`/listing?search=${encodeURIComponent(title)}`);
    await page.getByRole('link', { name: `Send ${title}` }).click();
    await page.getByRole('button', { name: `Pre-fill from ${source}` }).click();
    await page.getByRole('button', { name: 'Use T-1' }).click();
    await expect(page.getByLabel('Tenant name', { exact: true })).toHaveValue('Aisha Karim');
    await page.getByLabel('Name', { exact: true }).fill('Aisha Karim');
    await page.getByLabel('Email', { exact: true }).fill(`aisha.${stamp}@mail.example`);
    await page.getByRole('button', { name: 'Send the form' }).click();
    await expect(page.getByRole('heading', { name: /^Sent: / })).toBeVisible();
    reference = ((await page.getByRole('heading', { name: /^Sent: / }).textContent()) ?? '').replace('Sent: ', '').trim();
    progress = (await page.getByRole('link', { name: 'Follow its progress' }).getAttribute('href')) ?? '';

    const tenant = await browser.newPage();
    await tenant.goto(linkIn(await mailTo(`aisha.${stamp}@mail.example`, /asks you to fill in and sign/)));
    await expect(tenant.getByText('Aisha Karim').first()).toBeVisible();
    await tenant.getByLabel('Your full name, as your signature').fill('Aisha Karim');
    await tenant.getByRole('button', { name: 'Finish', exact: true }).click();
    await tenant.getByLabel('By signing, I agree that my electronic signature is legally binding').check();
    await tenant.getByRole('button', { name: 'Sign and send' }).click();
    await expect(tenant.getByRole('heading', { name: /signed|complete/i }).first()).toBeVisible();
    await tenant.close();
  });

  await test.step('finds it completed, with its date day first, sealed and kept in Documents', async () => {
    await page.goto(`/completed?search=${encodeURIComponent(title)}`);
    const completed = page.getByRole('row', { name: new RegExp(title) });
    await expect(completed).toBeVisible();
    const today = new Date();
    const dayFirst = `${String(today.getDate()).padStart(2, '0')}/${String(today.getMonth() + 1).padStart(2, '0')}/${today.getFullYear()}`;
    await expect(completed).toContainText(dayFirst);
    // Sealed in the background: the list shows the PDF once it is.
    const pdf = completed.getByRole('link', { name: /PDF/ });
    await expect(pdf).toBeVisible({ timeout: 20_000 });
    const sealed = await page.request.get((await pdf.getAttribute('href')) ?? '');
    expect((await sealed.body()).subarray(0, 5).toString()).toBe('%PDF-');

    await page.goto('/mystorage');
    await expect(main(page)).toContainText(reference);
  });

  await test.step('words its menu its own way: Case Management becomes Tenancies', async () => {
    await page.goto('/settings?tab=wording');
    await page.getByLabel('Case Management', { exact: true }).fill('Tenancies');
    await page.getByRole('button', { name: 'Save wording' }).click();
    await expect(page.locator('.toast[data-type="success"]').last()).toContainText('Interface wording saved');
    await page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Tenancies' }).click();
    await expect(page).toHaveURL(/\/dsm$/);
  });

  await test.step('opens a case and files the form on it', async () => {
    await page.getByRole('link', { name: 'Open a case' }).click();
    await page.getByLabel('Name').fill('Aisha Karim');
    await page.getByLabel('Address').fill('12 Quay Street, Bristol BS1 4DJ');
    await page.getByRole('button', { name: 'Open the case' }).click();
    await expect(page).toHaveURL(/\/tenant\/\d+$/);
    await page.getByLabel('New note').fill('Keys handed over.');
    await page.getByRole('button', { name: 'Add the note' }).click();
    await expect(page.getByRole('list', { name: 'Case notes' })).toContainText('Keys handed over.');
    const caseAddress = page.url();

    await page.goto(progress);
    const picker = page.getByLabel('File on case');
    await picker.selectOption((await picker.locator('option', { hasText: 'Aisha Karim' }).getAttribute('value')) ?? '');
    await page.getByRole('button', { name: 'File on this case' }).click();
    await expect(page.getByRole('form', { name: 'Case' })).toContainText('Filed on the case of Aisha Karim');
    await page.goto(caseAddress);
    await expect(page.getByRole('table', { name: 'Forms on the case' })).toContainText(reference);
  });

  await test.step("adds a tutorial PDF for the organisation's team", async () => {
    await page.goto('/help');
    const form = page.getByRole('form', { name: 'Add a tutorial' });
    await form.getByLabel('Title').fill('Check-in guide');
    await form.getByLabel('Kind').selectOption('pdf');
    await form.getByLabel('File').setInputFiles({
      name: 'guide.pdf',
      mimeType: 'application/pdf',
      buffer: Buffer.from('%PDF-1.7\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n', 'latin1'),
    });
    await form.getByRole('button', { name: 'Add tutorial' }).click();
    await expect(form.getByRole('status')).toHaveText('"Check-in guide" is added.');
    await expect(page.getByRole('list', { name: "Your organisation's tutorials" })).toContainText('Check-in guide');
  });

  await test.step('finds the download in the audit trail and exports it', async () => {
    await page.goto(`/formaudit?search=${encodeURIComponent(reference)}`);
    await expect(main(page)).toContainText('Downloaded');
    const downloading = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export CSV' }).click();
    const text = await readFile((await (await downloading).path()) ?? '', 'utf8');
    const rows = text.split('\r\n').filter(Boolean).slice(1);
    expect(rows.length).toBeGreaterThan(2);
    for (const row of rows) expect(row.split(',')[1]).toBe(reference);
    expect(text).toContain('downloaded');
  });
});
