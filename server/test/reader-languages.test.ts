/**
 * Each mail, sealed PDF and signing link's first paint in its reader's language: a form sent in
 * German mails its signer in German and is sealed with German certificate and audit pages (whose
 * signature still verifies), while its sender, who chose no language in an English organisation,
 * is told in English; a password reset goes in the account's own language, else its
 * organisation's; the first paint of a German form's link says its texts in German; and the
 * PDF's standard fonts draw the letters and quotes of German, French and Spanish.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PDF } from '@libpdf/core';
import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { forms, users } from '../src/db/schema.js';
import type { Language } from '../src/i18n/i18n.js';
import { signingPageHead } from '../src/modules/forms/signing-page.js';
import { renderCompletedForm, type RenderInput } from '../src/sealing/render.js';
import { completedRiskAssessment, drawnSignature } from './support/completed-form.js';
import { createOrganisation } from './support/form-rows.js';
import { useTestServer } from './support/test-server.js';

const server = useTestServer();
const folder = mkdtempSync(join(tmpdir(), 'formsign-languages-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

let files = 0;
function saved(bytes: Uint8Array): string {
  files += 1;
  const file = join(folder, `file-${files}.pdf`);
  writeFileSync(file, bytes);
  return file;
}

/** A PDF's text, its whitespace made single spaces (a sentence may wrap). */
const pdftotext = (bytes: Uint8Array): string => execFileSync('pdftotext', [saved(bytes), '-'], { encoding: 'utf8' }).replace(/\s+/g, ' ');

const mailsTo = (email: string) => server.mail.filter((message) => message.to === email);

describe('a form sent in German', () => {
  it('mails its signer in German, and is sealed with German certificate and audit pages whose signature verifies', async () => {
    const sent = server.mail.length;
    const { id } = await completedRiskAssessment(server, { language: 'de' });

    // The invitation to sign, subject and body.
    const invitation = server.mail.slice(sent).find((message) => message.to === 'zoe.ashford@mail.example');
    const [form] = await server.ctx.db.select().from(forms).where(eq(forms.id, id));
    expect(form?.language).toBe('de');
    expect(invitation?.subject).toBe(`${form?.senderName} bittet Sie, „${form?.title}“ auszufüllen und zu unterschreiben`);
    expect(invitation?.text).toContain('Guten Tag Zoë Ashford,');
    expect(invitation?.text).toContain(
      `${form?.senderName} von Northwind Care Ltd bittet Sie, das Formular „${form?.title}“ (${form?.reference}) auszufüllen und zu unterschreiben.`,
    );
    expect(invitation?.text).toContain('Hinweis des Absenders: Please assess.');
    expect(invitation?.text).toMatch(/Formular öffnen: https?:\/\/\S+\/web-signing\//);
    expect(invitation?.html).toContain('>Formular öffnen</a>');
    expect(invitation?.text).not.toMatch(/Hello|asks you|Open the form/);

    const bytes = (await server.ctx.files.get(form?.sealedKey ?? '')) as Buffer;
    const check = execFileSync('pdfsig', [saved(bytes)], { encoding: 'utf8' });
    expect(check).toContain('Signature Validation: Signature is Valid.');
    expect(check).toContain('Total document signed');
    // The signature's reason, which PDF readers show beside it.
    expect(bytes.toString('latin1')).toContain(`/Reason (Von formsign versiegelt, als ${form?.reference} abgeschlossen wurde)`);

    const text = pdftotext(bytes);
    for (const words of [
      'Abschlusszertifikat',
      `Gesendet von ${form?.senderName} (Northwind Care Ltd) am `,
      `SHA-256 der Dokumentseiten: ${form?.originalSha256}`,
      `Prüfen Sie dieses Dokument unter ${server.ctx.config.publicUrl}/verify: Dort sehen Sie, ob die Datei die versiegelte ist und unverändert.`,
      'Zoë Ashford <zoe.ashford@mail.example>',
      'Unterschrieben am ',
      'Von Adresse 198.51.100.23; Gerät: Mozilla/5.0',
      'Identitätsprüfung: hat den an zoe.ashford@mail.example gesendeten Unterschriftslink geöffnet.',
      'Zugestimmt: „Mit meiner Unterschrift erkläre ich mich einverstanden, dass meine elektronische Unterschrift rechtsverbindlich ist“.',
      'Prüfprotokoll',
      `Alle Schritte von ${form?.reference}, die ältesten zuerst.`,
    ])
      expect(text).toContain(words);
    // Each event in German, at its minute in the organisation's time zone.
    for (const event of [
      'erstellt',
      'gesendet',
      'geöffnet',
      'abgeschlossen',
      'unterschrieben, mit Zustimmung, dass die elektronische Unterschrift rechtsverbindlich ist',
    ])
      expect(text).toMatch(new RegExp(`\\d{2}:\\d{2} GMT(\\+1)? ${event} `));
    // The answers stay as they were given.
    for (const answer of ['Wet floor by the kitchen', 'Elm Court', 'Likely']) expect(text).toContain(answer);
    for (const english of ['Certificate', 'Audit trail', 'Verification:', 'oldest first', 'Sent by', 'From address', 'Agreed:', 'legally binding'])
      expect(text).not.toContain(english);

    // Told it is complete: the signer in the form's language, the sender (no language of their own, an English organisation) in English.
    const done = server.mail.slice(sent).filter((message) => /^(Abgeschlossen|Completed): /.test(message.subject));
    const toSigner = done.find((message) => message.to === 'zoe.ashford@mail.example');
    expect(toSigner?.subject).toBe(`Abgeschlossen: „${form?.title}“ (${form?.reference})`);
    expect(toSigner?.text).toContain('Unterschriebenes PDF herunterladen: http');
    const toSender = done.find((message) => message.to !== 'zoe.ashford@mail.example');
    expect(toSender?.subject).toBe(`Completed: "${form?.title}" (${form?.reference})`);
    expect(toSender?.text).toContain('Download the signed PDF: http');
  });
});

describe('a password reset', () => {
  it('is mailed in the account’s own language, else in its organisation’s', async () => {
    await createOrganisation(server.ctx.db, server.ctx.passwords, 'Talleres Ejemplo SL', 'talleres', { language: 'es' });
    await server.ctx.db.update(users).set({ language: 'fr' }).where(eq(users.email, 'basic@talleres.example'));

    await server.call('/forgot-password', { body: { email: 'basic@talleres.example' }, ip: '10.20.0.1' });
    const french = mailsTo('basic@talleres.example').at(-1);
    expect(french?.subject).toBe('Réinitialisation de votre mot de passe formsign');
    expect(french?.text).toContain('Bonjour Bo Basic,');
    expect(french?.text).toContain(
      'Quelqu’un a demandé un nouveau mot de passe pour votre compte formsign. Si c’était vous, choisissez un nouveau mot de passe\u00a0; le lien ne fonctionne qu’une fois et pendant une heure.',
    );
    expect(french?.text).toMatch(/Choisir un nouveau mot de passe: https?:\/\/\S+\/user\/reset\//);

    await server.call('/forgot-password', { body: { email: 'admin@talleres.example' }, ip: '10.20.0.2' });
    const spanish = mailsTo('admin@talleres.example').at(-1);
    expect(spanish?.subject).toBe('Restablecimiento de su contraseña de formsign');
    expect(spanish?.text).toContain('Hola, Ada Admin:');
    expect(spanish?.text).toContain('Alguien ha solicitado una nueva contraseña para su cuenta de formsign.');
    expect(spanish?.text).toMatch(/Elegir una nueva contraseña: https?:\/\/\S+\/user\/reset\//);
  });
});

/** A PDF of `count` A4 pages. */
async function pdfOf(count: number): Promise<Buffer> {
  const pdf = PDF.create();
  for (let page = 1; page <= count; page += 1) pdf.addPage({ size: 'a4' }).drawText(`Mietvertrag Seite ${page}`, { x: 40, y: 800, size: 10 });
  return Buffer.from(await pdf.save());
}

/** A template of the demo organisation with its own PDF (uploaded, so its pages are drawn as images). */
async function templateWithPdf(token: string, title: string, bytes: Buffer): Promise<number> {
  const created = await server.call('/getforms', {
    token,
    body: { functions: 'create', type: 'details', value: { title, description: 'Ein Mietvertrag.', category: 'Housing' } },
  });
  const id = created.body.id as number;
  const boundary = '----formsign-languages-boundary';
  const payload = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="function"\r\n\r\nupload\r\n`),
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="id"\r\n\r\n${id}\r\n`),
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="mietvertrag.pdf"\r\nContent-Type: application/pdf\r\n\r\n`),
    bytes,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const uploaded = await server.call('/template-pdf', { token, payload, contentType: `multipart/form-data; boundary=${boundary}` });
  expect(uploaded.body.code).toBe(1);
  return id;
}

describe('the first paint of a signing link', () => {
  it('says its texts in the form’s language', async () => {
    const { token } = await server.signIn('demo.admin');
    const template = await templateWithPdf(token, 'Mietvertrag', await pdfOf(2));
    const email = `mieterin.${Date.now()}@mail.example`;
    const sent = await server.call('/send-form', {
      token,
      body: { template, recipients: [{ name: 'Jürgen Groß', email }], message: 'Bitte unterschreiben.', language: 'de' },
    });
    expect(sent.body.code).toBe(1);
    const mail = mailsTo(email).at(-1);
    expect(mail?.text).toContain('Der Link funktioniert bis ');
    const [, pageId = '', link = ''] = /\/web-signing\/([\w-]+)\?token=([\w-]+)/.exec(mail?.text ?? '') ?? [];
    const head = await signingPageHead(server.ctx, pageId, link);
    const paint = head.firstPaint ?? '';
    for (const markup of [
      '<div class="first-paint" id="first-paint" lang="de">',
      '<span class="translation-widget__code" aria-hidden="true">DE</span>',
      '<label for="first-paint-language" class="visually-hidden">Sprache</label>',
      '<option value="de" lang="de">Deutsch</option>',
      '<p class="signing__kicker">Unterschrift angefordert</p>',
      '<h1 class="signing__title">Mietvertrag',
      '<p class="signing__sender">Von <strong>',
      '<figcaption class="visually-hidden">Die Nachricht des Absenders</figcaption>',
      '<dt>Für</dt><dd>Jürgen Groß',
      '<div><dt>Ihr Schritt</dt><dd>Schritt 1: Unterschreiben</dd></div>',
      '<dt>Bitte erledigen bis</dt>',
      'aria-label="Das zu unterschreibende Dokument"',
      '<span class="visually-hidden">Verkleinern</span>',
      'disabled>An Breite anpassen</button>',
      '<span class="visually-hidden">Vergrößern</span>',
      '<span class="doc-viewer__count muted">2 Seiten</span>',
      'alt="Seite 1 von 2"',
    ])
      expect(paint).toContain(markup);
    for (const english of ['Signature requested', 'Your step', 'Fit to width', 'Zoom in', '2 pages', 'Page 1 of', '>From ', '>English<'])
      expect(paint).not.toContain(english);
  });
});

/** A completed form's pages drawn in a language, as the seal draws them. */
async function renderedIn(language: Language): Promise<string> {
  const at = new Date('2026-11-20T10:15:00Z');
  const input: RenderInput = {
    language,
    reference: 'NWC-2026-0099',
    title: 'Straße, façade, año: « citas » „Zitate“',
    template: 'Inspección',
    company: 'Société Générale Ñandú',
    sender: 'Renée Größ',
    sentAt: at,
    completedAt: at,
    fields: [
      { name: 'ok', label: 'Einverstanden', type: 'checkbox', required: false },
      { name: 'note', label: 'Remarque', type: 'text', required: false },
      { name: 'signature', label: 'Firma', type: 'signature', required: true },
    ],
    values: { ok: true, note: '' },
    recipients: [
      {
        order: 1,
        label: '',
        name: 'Íñigo Muñoz',
        email: 'inigo@mail.example',
        action: 'sign',
        status: 'signed',
        openedAt: at,
        actedAt: at,
        ip: '',
        userAgent: '',
        signedIn: false,
        comment: '',
        signature: { kind: 'drawn', value: drawnSignature },
        consented: true,
        proved: { by: 'access-code' },
        initials: { kind: 'typed', value: 'IM' },
      },
    ],
    events: [{ at, event: 'created', actor: 'Renée Größ', ip: '' }],
    templatePdf: null,
    sealedBy: { commonName: 'formsign document sealing', fingerprint: 'ab12' },
    verifyUrl: 'https://formsign.example/verify',
    dates: { format: 'DD/MM/YYYY', timeZone: 'Europe/Paris' },
  };
  return pdftotext((await renderCompletedForm(input)).bytes);
}

describe('a sealed PDF’s fonts', () => {
  it('draw the letters and quotes of French and Spanish, in the words of each', async () => {
    const french = await renderedIn('fr');
    for (const words of [
      'Straße, façade, año: « citas » „Zitate“',
      'Société Générale Ñandú',
      'Envoyé par Renée Größ le 20/11/2026 11:15',
      'Oui',
      'Sans réponse',
      'Certificat d’achèvement',
      'Signé le 20/11/2026 11:15',
      // (Its no-break spaces, before a colon and inside quotes, read as spaces here.)
      'Depuis l’adresse inconnu ; appareil : inconnu.',
      'Vérification : a ouvert le lien de signature envoyé à inigo@mail.example et saisi le code d’accès communiqué par l’expéditeur.',
      'Accepté : « En signant, j’accepte que ma signature électronique ait une valeur juridique contraignante ».',
      'Initiales : saisies (« IM »).',
      'Piste d’audit',
    ])
      expect(french).toContain(words);
    expect(french).not.toContain('?');

    const spanish = await renderedIn('es');
    for (const words of ['Certificado de finalización', 'Sí', 'Sin respuesta', 'Firmado el 20/11/2026 11:15', 'Íñigo Muñoz', 'Registro de auditoría'])
      expect(spanish).toContain(words);
    expect(spanish).toContain('Aceptado: «Al firmar, acepto que mi firma electrónica es jurídicamente vinculante».');
    expect(spanish).not.toContain('?');
  });
});
