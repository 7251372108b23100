/**
 * A completed form as a PDF: the document itself (the template's PDF with every answer,
 * signature and initials drawn in its place, or, without one, a document rendered from the
 * fields), then a certificate page (who signed, when, from which address and device, how each
 * proved who they were, with their signatures and how they gave their initials) and the
 * audit-trail pages, all in the form's language. Text uses the standard PDF fonts (WinAnsi: the
 * letters and quotes of English, German, French and Spanish), so characters they cannot show are
 * replaced. The document alone (`renderDocument`) is what a signer is shown before signing:
 * the same code draws it, so they see what will be sealed.
 */
import { shownFields } from '@formsign/sdk/field-rules';
import { createHash } from 'node:crypto';
import { PDF, rgb, Standard14Font, type PDFImage, type PDFPage } from '@libpdf/core';
import { msg } from '#words';
import { formatDate, formatDay, type DateStyle } from '../companies/dates.js';
import type { FieldDefinition, FieldValue, StepAction } from '../db/schema.js';
import { say, type Language } from '../i18n/i18n.js';

const a4 = { width: 595.28, height: 841.89 };
const margin = 50;
const ink = rgb(0.1, 0.12, 0.16);
const muted = rgb(0.38, 0.42, 0.48);
const line = rgb(0.82, 0.84, 0.87);

type FontName = 'Helvetica' | 'Helvetica-Bold' | 'Times-Italic';

/** What the standard fonts can show (WinAnsi): anything else becomes "?". */
const extra = new Set('€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ');
export function printable(text: string): string {
  return Array.from(text.normalize('NFC'))
    .map((char) => {
      const code = char.codePointAt(0) ?? 0;
      if (char === '\t') return ' ';
      if ((code >= 32 && code <= 126) || (code >= 160 && code <= 255) || extra.has(char)) return char;
      return '?';
    })
    .join('');
}

export interface RenderedRecipient {
  order: number;
  label: string;
  name: string;
  email: string;
  /** `copy`: receives a copy of the sealed PDF, with nothing to do. */
  action: StepAction;
  status: string;
  openedAt: Date | null;
  actedAt: Date | null;
  ip: string;
  userAgent: string;
  signedIn: boolean;
  comment: string;
  signature: { kind: 'drawn' | 'typed'; value: string } | null;
  /** Their initials, given once and drawn in each initials field of their place; absent or null without. */
  initials?: { kind: 'drawn' | 'typed'; value: string } | null;
  /** They agreed that their electronic signature is legally binding, on the last screen before signing. */
  consented?: boolean;
  /** How they proved who they were before the form opened, beyond the link: a code mailed to this address, or the access code their sender gave them. */
  proved?: { by: 'email-code'; to: string } | { by: 'access-code' } | null;
  /** Who handed this place on to whom and why, oldest first (the last one handed it to this recipient). */
  handedOn?: readonly { from: string; to: string; reason: string }[];
  /** Who opened the place on their own device for the recipient to sign in person. */
  hostedBy?: string | null;
  /** They applied the organisation's stamp. */
  stamped?: boolean;
}

/** How a recipient proved who they were, as the certificate says it. */
export function verificationText(language: Language, recipient: Pick<RenderedRecipient, 'signedIn' | 'email' | 'proved' | 'hostedBy'>): string {
  if (recipient.signedIn) return say(language, msg({ message: 'Verification: signed in to formsign as a user of the company.' }));
  const { email, hostedBy: host, proved } = recipient;
  const to = proved?.by === 'email-code' ? proved.to : '';
  const words = host
    ? proved?.by === 'email-code'
      ? msg({
          message:
            'Verification: opened in person on the device of {host}, who hosted the signature (no link was used), and entered the code emailed to {to}.',
        })
      : proved?.by === 'access-code'
        ? msg({
            message:
              'Verification: opened in person on the device of {host}, who hosted the signature (no link was used), and entered the access code the sender gave them.',
          })
        : msg({ message: 'Verification: opened in person on the device of {host}, who hosted the signature (no link was used).' })
    : proved?.by === 'email-code'
      ? msg({ message: 'Verification: opened the signing link mailed to {email}, and entered the code emailed to {to}.' })
      : proved?.by === 'access-code'
        ? msg({ message: 'Verification: opened the signing link mailed to {email}, and entered the access code the sender gave them.' })
        : msg({ message: 'Verification: opened the signing link mailed to {email}.' });
  return say(language, words, { host, email, to });
}

export interface RenderedEvent {
  at: Date;
  event: string;
  actor: string;
  ip: string;
}

export interface RenderInput {
  /** The language its words are in (the form's): the certificate, the audit trail and what is drawn on the document. */
  language: Language;
  reference: string;
  title: string;
  template: string;
  company: string;
  sender: string;
  sentAt: Date | null;
  /** When it was completed; null for a document shown before it is. */
  completedAt: Date | null;
  fields: readonly FieldDefinition[];
  values: Record<string, FieldValue>;
  recipients: readonly RenderedRecipient[];
  events: readonly RenderedEvent[];
  /** The template's own PDF, when it has one. */
  templatePdf: Uint8Array | null;
  /** The certificate that will seal it. */
  sealedBy: { commonName: string; fingerprint: string };
  /** Where anyone checks the sealed document (the instance's `/verify` page). */
  verifyUrl: string;
  /** How the organisation writes dates, as it did when the document was rendered. */
  dates: DateStyle;
  /** The stamp images the stamp fields' answers name, by their keys (PNG or JPEG). */
  stamps?: Readonly<Record<string, Uint8Array>>;
}

/** A moment as the organisation writes it, with the time and the zone. */
function when(date: Date | null, style: DateStyle): string {
  return date ? formatDate(date, style, { time: true }) : '-';
}

/** A running column of text over as many A4 pages as it takes. */
class Writer {
  page: PDFPage;
  y: number;
  constructor(private readonly pdf: PDF) {
    this.page = this.newPage();
    this.y = a4.height - margin;
  }

  newPage(): PDFPage {
    this.page = this.pdf.addPage({ size: 'a4' });
    this.y = a4.height - margin;
    return this.page;
  }

  private ensure(height: number): void {
    if (this.y - height < margin) this.newPage();
  }

  wrap(text: string, font: FontName, size: number, width: number): string[] {
    const measure = Standard14Font.of(font);
    const lines: string[] = [];
    for (const paragraph of printable(text).split(/\r?\n/)) {
      let current = '';
      for (const word of paragraph.split(' ')) {
        const candidate = current ? `${current} ${word}` : word;
        if (measure.widthOfTextAtSize(candidate, size) <= width) {
          current = candidate;
          continue;
        }
        if (current) lines.push(current);
        // A word longer than the line is cut where it must be.
        let rest = word;
        while (measure.widthOfTextAtSize(rest, size) > width && rest.length > 1) {
          let cut = rest.length - 1;
          while (cut > 1 && measure.widthOfTextAtSize(rest.slice(0, cut), size) > width) cut -= 1;
          lines.push(rest.slice(0, cut));
          rest = rest.slice(cut);
        }
        current = rest;
      }
      lines.push(current);
    }
    return lines;
  }

  text(text: string, options: { font?: FontName; size?: number; color?: ReturnType<typeof rgb>; indent?: number; gap?: number } = {}): void {
    const size = options.size ?? 10;
    const font = options.font ?? 'Helvetica';
    const indent = options.indent ?? 0;
    const lineHeight = size * 1.35;
    for (const row of this.wrap(text, font, size, a4.width - 2 * margin - indent)) {
      this.ensure(lineHeight);
      this.y -= lineHeight;
      this.page.drawText(row, { x: margin + indent, y: this.y, size, font, color: options.color ?? ink });
    }
    this.y -= options.gap ?? 4;
  }

  rule(): void {
    this.ensure(12);
    this.y -= 6;
    this.page.drawLine({ start: { x: margin, y: this.y }, end: { x: a4.width - margin, y: this.y }, color: line, thickness: 0.75 });
    this.y -= 8;
  }

  image(image: PDFImage, maxWidth: number, maxHeight: number, indent = 0): void {
    const scale = Math.min(maxWidth / image.width, maxHeight / image.height, 1);
    const width = image.width * scale;
    const height = image.height * scale;
    this.ensure(height + 6);
    this.y -= height + 4;
    this.page.drawImage(image, { x: margin + indent, y: this.y, width, height });
    this.y -= 4;
  }

  space(points: number): void {
    this.y -= points;
  }
}

function shown(language: Language, field: FieldDefinition, value: FieldValue | undefined, style: DateStyle): string {
  if (value === undefined || value === null || value === '') return say(language, msg({ message: 'Not answered' }));
  if (typeof value === 'boolean') return value ? say(language, msg({ message: 'Yes' })) : say(language, msg({ message: 'No' }));
  if (field.type === 'date' && typeof value === 'string') return formatDay(value, style.format);
  return String(value);
}

function pngOf(signature: RenderedRecipient['signature']): Buffer | null {
  if (signature?.kind !== 'drawn') return null;
  const match = /^data:image\/png;base64,([A-Za-z0-9+/=]+)$/.exec(signature.value);
  return match ? Buffer.from(match[1] ?? '', 'base64') : null;
}

function embedSignature(pdf: PDF, signature: RenderedRecipient['signature']): PDFImage | null {
  const png = pngOf(signature);
  if (!png) return null;
  try {
    return pdf.embedPng(png);
  } catch {
    return null;
  }
}

/** Each stamp image embedded once in a PDF, however many fields show it. */
const embeddedStamps = new WeakMap<PDF, Map<string, PDFImage | null>>();

/** The stamp image a stamp field's answer names, embedded (PNG or JPEG, told by its first bytes); null when there is none. */
function embedStamp(pdf: PDF, input: Pick<DocumentInput, 'stamps'>, value: FieldValue | undefined): PDFImage | null {
  if (typeof value !== 'string') return null;
  const bytes = input.stamps?.[value];
  if (!bytes) return null;
  const cache = embeddedStamps.get(pdf) ?? new Map<string, PDFImage | null>();
  embeddedStamps.set(pdf, cache);
  if (!cache.has(value)) {
    let image: PDFImage | null = null;
    try {
      image = bytes[0] === 0x89 ? pdf.embedPng(bytes) : pdf.embedJpeg(bytes);
    } catch {
      image = null;
    }
    cache.set(value, image);
  }
  return cache.get(value) ?? null;
}

/** Who answers a field: its own place, else the first recipient. */
function signerOf(field: FieldDefinition, recipients: readonly RenderedRecipient[]): RenderedRecipient | undefined {
  return recipients.find((recipient) => recipient.order === (field.step ?? 1));
}

function writeSignature(writer: Writer, pdf: PDF, language: Language, recipient: RenderedRecipient | undefined, indent = 0): void {
  const signature = recipient?.signature ?? null;
  const image = embedSignature(pdf, signature);
  if (image) writer.image(image, 220, 70, indent);
  else if (signature?.kind === 'typed') writer.text(signature.value, { font: 'Times-Italic', size: 20, indent, gap: 2 });
  else writer.text(say(language, msg({ message: 'Not signed' })), { color: muted, indent });
}

/** A recipient's drawn initials embedded once, however many fields show them (null when typed, absent or unreadable). */
function initialsImages(pdf: PDF): (recipient: RenderedRecipient | undefined) => PDFImage | null {
  const embedded = new Map<RenderedRecipient, PDFImage | null>();
  return (recipient) => {
    if (!recipient) return null;
    if (!embedded.has(recipient)) embedded.set(recipient, embedSignature(pdf, recipient.initials ?? null));
    return embedded.get(recipient) ?? null;
  };
}

function writeInitials(writer: Writer, language: Language, recipient: RenderedRecipient | undefined, image: PDFImage | null): void {
  if (image) writer.image(image, 90, 40);
  else if (recipient?.initials?.kind === 'typed') writer.text(recipient.initials.value, { font: 'Times-Italic', size: 16, gap: 6 });
  else writer.text(say(language, msg({ message: 'Not initialled' })), { color: muted, gap: 10 });
}

/**
 * A signature or initials in its box on the template's page: the drawing fitted in it, or the
 * typed name or letters in italics (at most `size` points).
 */
function drawMark(
  page: PDFPage,
  place: NonNullable<FieldDefinition['placement']>,
  mark: RenderedRecipient['signature'] | undefined,
  image: PDFImage | null,
  size: number,
): void {
  if (image) {
    const scale = Math.min(place.width / image.width, place.height / image.height);
    page.drawImage(image, { x: place.x, y: place.y, width: image.width * scale, height: image.height * scale });
  } else if (mark?.kind === 'typed') {
    page.drawText(printable(mark.value), {
      x: place.x + 2,
      y: place.y + place.height * 0.25,
      size: Math.min(size, place.height * 0.7),
      font: 'Times-Italic',
      color: ink,
    });
  }
}

/** The document rendered from the fields: the title, who sent it, and every answer and signature. */
function renderFields(pdf: PDF, input: DocumentInput, fields: readonly FieldDefinition[]): void {
  const { language } = input;
  const initialsOf = initialsImages(pdf);
  const writer = new Writer(pdf);
  writer.text(input.title, { font: 'Helvetica-Bold', size: 18, gap: 2 });
  writer.text(`${input.reference} - ${input.template} - ${input.company}`, { color: muted, gap: 2 });
  const sent = { sender: input.sender, sentAt: when(input.sentAt, input.dates) };
  writer.text(
    input.completedAt
      ? say(language, msg({ message: 'Sent by {sender} on {sentAt}; completed {completedAt}.' }), {
          ...sent,
          completedAt: when(input.completedAt, input.dates),
        })
      : say(language, msg({ message: 'Sent by {sender} on {sentAt}; not yet complete.' }), sent),
    { color: muted },
  );
  writer.rule();
  for (const field of fields) {
    writer.text(field.label, { font: 'Helvetica-Bold', size: 10, gap: 2 });
    if (field.type === 'signature') writeSignature(writer, pdf, language, signerOf(field, input.recipients));
    else if (field.type === 'initials')
      writeInitials(writer, language, signerOf(field, input.recipients), initialsOf(signerOf(field, input.recipients)));
    else if (field.type === 'stamp') {
      const image = embedStamp(pdf, input, input.values[field.name]);
      if (image) {
        writer.image(image, 160, 120);
        writer.space(6);
      } else writer.text(say(language, msg({ message: 'Not applied' })), { color: muted, size: 11, gap: 10 });
    } else writer.text(shown(language, field, input.values[field.name], input.dates), { size: 11, gap: 10 });
  }
}

/** Every answer and signature drawn where the template places it on its own PDF. */
function drawPlacements(pdf: PDF, input: DocumentInput): FieldDefinition[] {
  const pages = pdf.getPages();
  const initialsOf = initialsImages(pdf);
  const left: FieldDefinition[] = [];
  for (const field of input.fields) {
    const place = field.placement;
    const page = place ? pages[place.page - 1] : undefined;
    if (!place || !page) {
      left.push(field);
      continue;
    }
    if (field.type === 'signature') {
      const recipient = signerOf(field, input.recipients);
      drawMark(page, place, recipient?.signature, embedSignature(pdf, recipient?.signature ?? null), 20);
      continue;
    }
    if (field.type === 'initials') {
      const recipient = signerOf(field, input.recipients);
      drawMark(page, place, recipient?.initials, initialsOf(recipient), 16);
      continue;
    }
    if (field.type === 'stamp') {
      // Fitted in its box, its shape kept, in the middle.
      const image = embedStamp(pdf, input, input.values[field.name]);
      if (image) {
        const scale = Math.min(place.width / image.width, place.height / image.height);
        const width = image.width * scale;
        const height = image.height * scale;
        page.drawImage(image, { x: place.x + (place.width - width) / 2, y: place.y + (place.height - height) / 2, width, height });
      }
      continue;
    }
    const size = Math.max(6, Math.min(11, place.height * 0.7));
    const text = printable(shown(input.language, field, input.values[field.name], input.dates));
    page.drawText(text, {
      x: place.x + 2,
      y: place.y + Math.max(2, (place.height - size) / 2),
      size,
      font: 'Helvetica',
      color: ink,
      maxWidth: place.width - 4,
    });
  }
  return left;
}

/** What a recipient did, and when, as the certificate says it. */
function actedWords(recipient: RenderedRecipient) {
  if (recipient.status === 'disapproved') return msg({ message: 'Sent back on {actedAt}; opened {openedAt}.' });
  if (recipient.status === 'declined') return msg({ message: 'Declined on {actedAt}; opened {openedAt}.' });
  if (recipient.action === 'approve') return msg({ message: 'Approved on {actedAt}; opened {openedAt}.' });
  if (recipient.action === 'fill') return msg({ message: 'Filled in on {actedAt}; opened {openedAt}.' });
  return msg({ message: 'Signed on {actedAt}; opened {openedAt}.' });
}

function writeCertificate(pdf: PDF, input: RenderInput, documentSha256: string): void {
  const { language } = input;
  const writer = new Writer(pdf);
  writer.text(say(language, msg({ message: 'Certificate of completion' })), { font: 'Helvetica-Bold', size: 18, gap: 2 });
  writer.text(`${input.title} (${input.reference})`, { size: 11, gap: 2 });
  writer.text(
    say(language, msg({ message: 'Sent by {sender} of {company} on {sentAt}; completed {completedAt}.' }), {
      sender: input.sender,
      company: input.company,
      sentAt: when(input.sentAt, input.dates),
      completedAt: when(input.completedAt, input.dates),
    }),
    { color: muted, gap: 2 },
  );
  writer.text(say(language, msg({ message: "SHA-256 of the document's pages: {checksum}" }), { checksum: documentSha256 }), {
    color: muted,
    size: 8,
    gap: 2,
  });
  writer.text(
    say(language, msg({ message: 'Sealed by "{sealedBy}", certificate SHA-256 fingerprint {fingerprint}.' }), {
      sealedBy: input.sealedBy.commonName,
      fingerprint: input.sealedBy.fingerprint,
    }),
    { color: muted, size: 8, gap: 2 },
  );
  writer.text(
    say(language, msg({ message: 'Check this document at {address}: it tells whether the file is the one sealed, unchanged.' }), {
      address: input.verifyUrl,
    }),
    { size: 9 },
  );
  writer.rule();
  const unknown = say(language, msg({ message: 'unknown' }));
  for (const recipient of input.recipients) {
    const label = recipient.label ? `${recipient.label}. ` : '';
    writer.text(`${recipient.order}. ${recipient.name} <${recipient.email}>`, { font: 'Helvetica-Bold', size: 11, gap: 2 });
    if (recipient.action === 'copy') {
      // Acts on nothing: mailed this sealed PDF once it is made.
      writer.text(`${label}${say(language, msg({ message: 'Receives a copy of this sealed PDF by email; had nothing to sign.' }))}`, { gap: 2 });
      writer.space(6);
      continue;
    }
    writer.text(
      `${label}${say(language, actedWords(recipient), { actedAt: when(recipient.actedAt, input.dates), openedAt: when(recipient.openedAt, input.dates) })}`,
      { gap: 2 },
    );
    writer.text(
      say(language, msg({ message: 'From address {address}; device: {device}.' }), {
        address: recipient.ip || unknown,
        device: recipient.userAgent || unknown,
      }),
      { color: muted, size: 8, gap: 2 },
    );
    if (recipient.hostedBy && (recipient.status === 'signed' || recipient.status === 'filled'))
      writer.text(
        say(
          language,
          recipient.action === 'fill'
            ? msg({ message: 'Filled in in person, hosted by {host}.' })
            : msg({ message: 'Signed in person, hosted by {host}.' }),
          { host: recipient.hostedBy },
        ),
        { size: 9, gap: 2 },
      );
    writer.text(verificationText(language, recipient), { color: muted, size: 8, gap: 2 });
    for (const handed of recipient.handedOn ?? [])
      writer.text(
        say(language, msg({ message: 'Handed on: {from} delegated this place to {to}. Reason: {reason}' }), {
          from: handed.from,
          to: handed.to,
          reason: handed.reason,
        }),
        { size: 9, gap: 2 },
      );
    if (recipient.stamped)
      writer.text(say(language, msg({ message: "Applied the organisation's stamp ({company})." }), { company: input.company }), { size: 9, gap: 2 });
    if (recipient.consented)
      writer.text(say(language, msg({ message: 'Agreed: "By signing, I agree that my electronic signature is legally binding".' })), {
        size: 9,
        gap: 2,
      });
    if (recipient.initials)
      writer.text(
        recipient.initials.kind === 'typed'
          ? say(language, msg({ message: 'Initials: typed ("{initials}").' }), { initials: recipient.initials.value })
          : say(language, msg({ message: 'Initials: drawn.' })),
        { size: 9, gap: 2 },
      );
    if (recipient.comment) writer.text(say(language, msg({ message: 'Comment: {comment}' }), { comment: recipient.comment }), { size: 9, gap: 2 });
    if (recipient.action !== 'approve') writeSignature(writer, pdf, language, recipient, 10);
    writer.space(6);
  }
  writer.newPage();
  writer.text(say(language, msg({ message: 'Audit trail' })), { font: 'Helvetica-Bold', size: 18, gap: 2 });
  writer.text(say(language, msg({ message: 'Every step of {reference}, oldest first.' }), { reference: input.reference }), { color: muted });
  writer.rule();
  for (const event of input.events) {
    writer.text(`${when(event.at, input.dates)}  ${event.event}  ${event.actor || 'formsign'}${event.ip ? `  (${event.ip})` : ''}`, {
      size: 9,
      gap: 1,
    });
  }
}

/** An exported audit trail (`GET /formaudit-export`): what it covers and its events, oldest first. */
export interface AuditTrailInput {
  /** The language of its reader (the request's): its own words; the events come said in it. */
  language: Language;
  company: string;
  /** What the trail covers, e.g. "NWC-2026-0042 Leave Request" or "1 to 24 November 2026". */
  covers: string;
  madeAt: Date;
  /** How the organisation writes dates. */
  dates: DateStyle;
  events: { at: Date; reference: string; title: string; event: string; actor: string; ip: string }[];
}

const auditTrailTexts = {
  heading: msg({ message: 'Audit trail', context: 'exported audit trail' }),
  summary: msg({ message: '{count, plural, one {# event} other {# events}}, oldest first; exported {madeAt}.' }),
  title: msg({ message: 'Audit trail: {covers}' }),
};

/** An audit trail as a PDF, written like the audit-trail pages of a sealed PDF, in its reader's language. */
export async function renderAuditTrail(input: AuditTrailInput): Promise<Uint8Array> {
  const pdf = PDF.create();
  const writer = new Writer(pdf);
  const { language } = input;
  writer.text(say(language, auditTrailTexts.heading), { font: 'Helvetica-Bold', size: 18, gap: 2 });
  writer.text(`${input.company}: ${input.covers}`, { size: 11, gap: 2 });
  writer.text(say(language, auditTrailTexts.summary, { count: input.events.length, madeAt: when(input.madeAt, input.dates) }), { color: muted });
  writer.rule();
  for (const event of input.events) {
    const form = `${event.reference}${event.title ? ` ${event.title}` : ''}`;
    writer.text(`${when(event.at, input.dates)}  ${form}  ${event.event}  ${event.actor || 'formsign'}${event.ip ? `  (${event.ip})` : ''}`, {
      size: 9,
      gap: 1,
    });
  }
  pdf.setTitle(say(language, auditTrailTexts.title, { covers: input.covers }));
  pdf.setCreator('formsign');
  pdf.setProducer('formsign');
  return pdf.save();
}

export interface Rendered {
  /** The unsigned PDF: the document, the certificate page and the audit trail. */
  bytes: Uint8Array;
  /** SHA-256 of the document's own pages (before the certificate). */
  documentSha256: string;
  pdf: PDF;
}

/** What the document's own pages are made of (no certificate, no audit trail). */
export type DocumentInput = Omit<RenderInput, 'events' | 'sealedBy' | 'verifyUrl'>;

/** The document's own pages: the template's PDF with the answers in place, or the answers rendered from the fields. */
async function documentPdf(shownOrHidden: DocumentInput): Promise<PDF> {
  // A field its condition hides is not drawn, on the template's PDF or in the rendered answers.
  const input = { ...shownOrHidden, fields: shownFields(shownOrHidden.fields, shownOrHidden.values) };
  let pdf: PDF;
  if (input.templatePdf) {
    pdf = await PDF.load(input.templatePdf);
    const left = drawPlacements(pdf, input);
    // Interactive fields the template's PDF may have are baked into its pages.
    const form = pdf.getForm();
    if (form && form.getFields().length > 0) form.flatten();
    if (left.length)
      renderFields(pdf, { ...input, title: say(input.language, msg({ message: '{title}: further answers' }), { title: input.title }) }, left);
  } else {
    pdf = PDF.create();
    renderFields(pdf, input, input.fields);
  }
  pdf.setTitle(`${input.title} (${input.reference})`);
  pdf.setCreator('formsign');
  pdf.setProducer('formsign');
  return pdf;
}

/** The document as it will be sealed, before it is: its own pages only (`POST /signing-preview`). */
export async function renderDocument(input: DocumentInput): Promise<Uint8Array> {
  return (await documentPdf(input)).save();
}

export async function renderCompletedForm(input: RenderInput): Promise<Rendered> {
  const pdf = await documentPdf(input);
  // SHA-256 of the document's own pages, printed on the certificate page.
  const documentSha256 = createHash('sha256')
    .update(await pdf.save())
    .digest('hex');
  writeCertificate(pdf, input, documentSha256);
  return { bytes: await pdf.save(), documentSha256, pdf };
}
