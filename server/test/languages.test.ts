/**
 * The languages the product speaks: every answer is said in the language of its request
 * (`Accept-Language`, which the app sets to the language it shows; English without it):
 * refusals, application-code answers, success messages and the logs. A person keeps their own
 * language on their account (null: their organisation's), an organisation chooses English,
 * German, French or Spanish, a new organisation speaks the language it registered in, and
 * `/get-strings` offers the four.
 */
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { companies, forms } from '../src/db/schema.js';
import { companyIdOf, createOrganisation, organisationPassword } from './support/form-rows.js';
import { sendSigningForm, signingCall, signingTemplate, signatureOnly } from './support/signing-forms.js';
import { useTestServer } from './support/test-server.js';

const server = useTestServer();

const german = { 'accept-language': 'de-DE,de;q=0.9,en;q=0.8' };
const french = { 'accept-language': 'fr' };
const spanish = { 'accept-language': 'es-ES' };

describe('a refusal', () => {
  it('is said in German for a request in German, and in English without a language', async () => {
    const { token } = await server.signIn('demo.admin');
    const settings = { data: { settings: { retention_days: 10 } } };
    const english = await server.call('/user', { token, body: settings });
    expect(english.status).toBe(400);
    expect(english.body).toEqual({ error: 'Keep ended forms for 30 days or more, or enter 0 to keep them for ever.' });
    const inGerman = await server.call('/user', { token, body: settings, headers: german });
    expect(inGerman.status).toBe(400);
    expect(inGerman.body).toEqual({
      error: 'Bewahren Sie beendete Formulare mindestens 30 Tage auf oder geben Sie 0 ein, um sie unbegrenzt aufzubewahren.',
    });

    // The contract's own texts and the ones the validation names fields in.
    const missing = await server.call('/getform', { token, body: { id: 999_999 }, headers: german });
    expect(missing).toMatchObject({ status: 404, body: { message: 'Dieses Element existiert nicht oder wurde gelöscht.' } });
    const invalid = await server.call('/user', { method: 'PUT', token, body: { data: { language: 'it' } }, headers: german });
    expect(invalid).toMatchObject({ status: 400, body: { error: 'Einige der gesendeten Werte sind ungültig: data.language.' } });
    const signedOut = await server.call('/user', { method: 'GET', headers: german });
    expect(signedOut).toMatchObject({ status: 401, body: { message: 'Ihre Sitzung ist abgelaufen. Bitte melden Sie sich erneut an.' } });
  });

  it('with its values is said with them in the language asked for', async () => {
    const { token } = await server.signIn('demo.admin');
    const refused = await server.call('/user', {
      token,
      body: { data: { settings: { embed_origins: ['https://*.example.com'] } } },
      headers: spanish,
    });
    expect(refused.body).toEqual({
      error: '«https://*.example.com»: indique cada sitio completo (https://www.example.com); no se aceptan comodines.',
    });
  });

  it('of a signing link is said in the language the signing page shows', async () => {
    const answer = await signingCall(server, { function: 'load', id: 'no-such-page', token: 'no-such-token' }, { headers: french });
    expect(answer.body).toMatchObject({ error: 'Ce lien de signature n’est pas valide.' });
  });
});

describe('an application-code answer', () => {
  it('is said in French: a name taken at registration, a category that exists', async () => {
    const taken = await server.call('/register', {
      body: {
        first_name: 'Anne',
        last_name: 'Martin',
        email: 'anne.martin@exemple.example',
        name: 'demo.admin',
        password: 'un-secret-assez-long',
        company_name: 'Martin SARL',
      },
      headers: french,
    });
    expect(taken.body).toEqual({ code: -2, message: 'Ce nom d’utilisateur est déjà pris. Veuillez en choisir un autre.' });

    const { token } = await server.signIn('demo.admin');
    const existing = await server.call('/categories', { token, body: { action: 'save', name: 'Care' }, headers: french });
    expect(existing.body).toMatchObject({ code: -2, message: 'Une catégorie porte déjà ce nom.' });
    const inEnglish = await server.call('/categories', { token, body: { action: 'save', name: 'Care' } });
    expect(inEnglish.body).toMatchObject({ code: -2, message: 'A category with this name exists.' });
  });
});

describe('the action records', () => {
  it('are said in Spanish, searched in Spanish as in English, and sorted by what they read', async () => {
    const { token } = await server.signIn('demo.admin');
    const inSpanish = await server.call('/fetch-logs', { method: 'GET', token, query: 'filters[search]=sesión iniciada', headers: spanish });
    expect(inSpanish.status).toBe(200);
    expect(inSpanish.body.data.length).toBeGreaterThan(0);
    expect(new Set(inSpanish.body.data.map((row: { action: string }) => row.action))).toEqual(new Set(['Sesión iniciada']));
    const byEnglish = await server.call('/fetch-logs', { method: 'GET', token, query: 'filters[search]=logged in', headers: spanish });
    expect(byEnglish.body.data.map((row: { action: string }) => row.action)).toContain('Sesión iniciada');
    const inEnglish = await server.call('/fetch-logs', { method: 'GET', token, query: 'filters[search]=logged in' });
    expect(inEnglish.body.data.map((row: { action: string }) => row.action)).toContain('Logged in');
    const sorted = await server.call('/fetch-logs', {
      method: 'GET',
      token,
      query: 'filters[sort]=action&filters[order]=asc&limit=100',
      headers: spanish,
    });
    const actions: string[] = sorted.body.data.map((row: { action: string }) => row.action);
    expect(actions.length).toBeGreaterThan(1);
    expect(actions.every((action) => /^[^A-Za-z]*[A-ZÁÉÍÓÚ]/.test(action))).toBe(true);
    expect(actions).not.toContain('Logged in');
  });
});

describe("a person's own language", () => {
  it('is saved with the profile, read back, refused when the product does not speak it, and null goes back to the organisation', async () => {
    const { token } = await server.signIn('demo.basic');
    expect((await server.call('/user', { method: 'GET', token })).body.user.language).toBeNull();
    const saved = await server.call('/user', { method: 'PUT', token, body: { data: { language: 'fr' } }, headers: french });
    expect(saved.body).toMatchObject({ message: 'Vos informations ont été enregistrées.', user: { language: 'fr' } });
    expect((await server.call('/user', { method: 'GET', token })).body.user.language).toBe('fr');
    // Signing in says it, so the app shows it from its first page.
    expect((await server.signIn('demo.basic')).body.language).toBe('fr');

    const refused = await server.call('/user', { method: 'PUT', token, body: { data: { language: 'it' } } });
    expect(refused).toMatchObject({ status: 400, body: { error: 'Some of the values sent are not valid: data.language.' } });
    expect((await server.call('/user', { method: 'GET', token })).body.user.language).toBe('fr');

    expect((await server.call('/user', { method: 'PUT', token, body: { data: { language: null } } })).body.user.language).toBeNull();
    // Without a choice of their own, the app shows their organisation's.
    expect((await server.signIn('demo.basic')).body.language).toBeUndefined();
  });
});

describe("an organisation's language", () => {
  it('is any the product speaks: German is saved, read back, and is the default of its people’s pages and its forms’ unless chosen', async () => {
    const organisation = await createOrganisation(server.ctx.db, server.ctx.passwords, 'Sprachen GmbH', 'sprachen');
    const { token } = await server.signIn('sprachen.admin', organisationPassword);
    const saved = await server.call('/user', { token, body: { data: { settings: { language: 'de' } } }, headers: german });
    expect(saved.body).toMatchObject({ message: 'Die Unternehmensdaten wurden gespeichert.', settings: { language: 'de' } });
    expect((await server.call('/fetch-settings', { method: 'GET', token })).body.language).toBe('de');
    // Its people who chose no language of their own read it: the app shows the strings' default.
    expect((await server.signIn('sprachen.admin', organisationPassword)).body.language).toBeUndefined();
    expect((await server.call('/get-strings', { query: `cid=${organisation.companyId}` })).body.default).toBe('de');

    const refused = await server.call('/user', { token, body: { data: { settings: { language: 'it' } } } });
    expect(refused).toMatchObject({
      status: 400,
      body: { error: 'formsign speaks English, German, French and Spanish. Please choose one of them as the language.' },
    });

    // A form sent without a language is in the organisation's; one sent with its own keeps it.
    const template = await signingTemplate(server, signatureOnly, [{ label: 'Mieter', action: 'sign' }], { company: 'Sprachen GmbH' });
    const recipients = [{ name: 'Tim Mieter', email: 'tim@mieter.example' }];
    const plain = await sendSigningForm(server, token, { template, recipients });
    const chosen = await sendSigningForm(server, token, { template, recipients, language: 'es' });
    const languageOf = async (id: number) =>
      (await server.ctx.db.select({ language: forms.language }).from(forms).where(eq(forms.id, id)))[0]?.language;
    expect(await languageOf(plain.id)).toBe('de');
    expect(await languageOf(chosen.id)).toBe('es');
    const [link] = plain.links;
    const opened = await signingCall(server, { function: 'load', id: link?.pageId, token: link?.token });
    expect(opened.body.data).toMatchObject({ language: 'de' });
  });

  it('of an organisation made by registration is the language it registered in', async () => {
    const answer = await server.call('/register', {
      body: {
        first_name: 'Lucía',
        last_name: 'Romero',
        email: 'lucia.romero@ejemplo.example',
        name: 'lucia.romero',
        password: 'una-clave-bastante-larga',
        company_name: 'Romero Asesores',
      },
      headers: spanish,
    });
    expect(answer.body).toEqual({ code: 1, message: 'Gracias. Revise su correo electrónico: enviamos el siguiente paso a la dirección que indicó.' });
    const [company] = await server.ctx.db.select({ settings: companies.settings }).from(companies).where(eq(companies.name, 'Romero Asesores'));
    expect(company?.settings.language).toBe('es');
  });
});

describe('the interface strings', () => {
  it('offer the four languages, each in its own name, with the organisation’s as the default', async () => {
    const northwind = await companyIdOf(server.ctx.db, 'Northwind Care Ltd');
    const strings = await server.call('/get-strings', { query: `cid=${northwind}` });
    expect(strings.body.default).toBe('en');
    expect(strings.body.languages.slice(0, 4)).toEqual([
      { code: 'en', name: 'English' },
      { code: 'de', name: 'Deutsch' },
      { code: 'fr', name: 'Français' },
      { code: 'es', name: 'Español' },
    ]);
  });
});
