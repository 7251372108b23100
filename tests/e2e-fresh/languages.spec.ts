/**
 * The product in each language it speaks, for an organisation made from nothing: its owner
 * sends a form in German, one in French and one in Spanish; each signer's mail and signing page
 * speak the form's language, whatever their browser's (the signer may switch it there), and
 * once the owner chooses a language in the top bar the dashboard and /verify speak it, with
 * no English left (a scan of every visible text, and of the names assistive technology reads,
 * against the English catalogue). Signing in again, the account keeps the choice.
 */
import { expect, test, type Browser, type Page } from '@playwright/test';
import { englishLeft } from '../support/english-left.ts';
import { e2eFreshData } from '../e2e-server/settings.ts';
import { linkIn, logIn, mailIn, makeTemplate, signIn, type Mail } from '../e2e-server/support.ts';

const mailTo = (to: string, subject?: RegExp): Promise<Mail> => mailIn(e2eFreshData, to, subject);
const stamp = Date.now().toString(36);
const owner = { login: `polyglot.${stamp}`, email: `owner.${stamp}@polyglot.example`, password: 'polyglot-secret-1' };
const title = 'Consent to share';

const languages = [
  { code: 'de', name: 'Deutsch', dashboard: 'Übersicht', subject: /Bitte unterschreiben|unterschreiben/i },
  { code: 'fr', name: 'Français', dashboard: 'Tableau de bord', subject: /signer/i },
  { code: 'es', name: 'Español', dashboard: 'Panel', subject: /firm/i },
] as const;

/** The language the page shows, once its words are here (the app sets `<html lang>` then). */
async function speaks(page: Page, code: string): Promise<void> {
  await expect(page.locator('html')).toHaveAttribute('lang', code);
}

async function register(page: Page): Promise<void> {
  await page.goto('/register');
  await page.getByLabel('First name').fill('Noor');
  await page.getByLabel('Last name').fill('Haddad');
  await page.getByLabel('Email').fill(owner.email);
  await page.getByLabel('Login name').fill(owner.login);
  await page.getByLabel('Password').fill(owner.password);
  await page.getByLabel('Company').fill('Polyglot Care');
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByRole('status')).toContainText('Thank you.');
  await page.goto(linkIn(await mailTo(owner.email, /Activate/)));
  await expect(page.getByRole('status')).toHaveText('Your account is active. You can log in now.');
  await signIn(page, owner.login, owner.password);
}

async function sendIn(page: Page, language: (typeof languages)[number]): Promise<string> {
  const signer = `signer.${language.code}.${stamp}@mail.example`;
  await page.goto(`/listing?search=${encodeURIComponent(title)}`);
  await page.getByRole('link', { name: `Send ${title}` }).click();
  await page.getByLabel('Name', { exact: true }).fill(`Signer ${language.code}`);
  await page.getByLabel('Email', { exact: true }).fill(signer);
  await page.getByLabel('Language of the form').selectOption(language.code);
  await page.getByRole('button', { name: 'Send the form' }).click();
  await expect(page.getByRole('heading', { name: /^Sent: / })).toBeVisible();
  return signer;
}

/** A signer's browser, in English: the page follows the form, not the browser. */
async function signerPage(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ locale: 'en-GB' });
  return context.newPage();
}

test('the product speaks German, French and Spanish, with no English left', async ({ page, browser }) => {
  test.setTimeout(180_000);

  await test.step('an organisation registers and makes a template, in English', async () => {
    await register(page);
    await makeTemplate(page, title, [{ label: 'Client’s mark', type: 'signature', required: true }], 'Client');
  });

  const signers = new Map<string, string>();
  await test.step('sends the template in each language', async () => {
    for (const language of languages) signers.set(language.code, await sendIn(page, language));
  });

  for (const language of languages) {
    await test.step(`a signer reads the mail and the signing page in ${language.name}`, async () => {
      const mail = await mailTo(signers.get(language.code) ?? '');
      expect(mail.subject).toMatch(language.subject);
      const signer = await signerPage(browser);
      await signer.goto(linkIn(mail));
      await speaks(signer, language.code);
      await expect(signer.getByRole('heading', { name: title })).toBeVisible();
      expect(await englishLeft(signer, language.code)).toEqual([]);
      await signer.context().close();
    });
  }

  await test.step('a signer may switch the signing page to another language', async () => {
    const signer = await signerPage(browser);
    await signer.goto(linkIn(await mailTo(signers.get('de') ?? '')));
    await speaks(signer, 'de');
    await signer.locator('.translation-widget select').selectOption('fr');
    await speaks(signer, 'fr');
    expect(await englishLeft(signer, 'fr')).toEqual([]);
    await signer.context().close();
  });

  for (const language of languages) {
    await test.step(`the owner chooses ${language.name}: the dashboard and /verify speak it`, async () => {
      await page.goto('/dashboard');
      await page.locator('.translation-widget select').selectOption(language.code);
      await speaks(page, language.code);
      await expect(page.getByTestId('page-title')).toHaveText(language.dashboard);
      // The charts and counts are drawn from the server's answers, in the language asked.
      await page.waitForLoadState('networkidle');
      expect(await englishLeft(page, language.code)).toEqual([]);
      await page.goto('/verify');
      await speaks(page, language.code);
      expect(await englishLeft(page, language.code)).toEqual([]);
    });
  }

  await test.step('the account keeps the choice: signing in again elsewhere speaks Spanish', async () => {
    const elsewhere = await (await browser.newContext({ locale: 'en-GB' })).newPage();
    await logIn(elsewhere, owner.login, owner.password);
    await speaks(elsewhere, 'es');
    await expect(elsewhere.getByTestId('page-title')).toHaveText('Panel');
    await elsewhere.context().close();
  });
});
