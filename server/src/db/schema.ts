/**
 * The database schema: one definition for the embedded database (PGlite) and PostgreSQL.
 * `npm run migrations -w @formsign/server` turns a change here into a new migration in
 * `server/drizzle/`; a test fails when the two disagree.
 *
 * Conventions: integer identities (the contract's ids are integers), times with time zone,
 * secrets stored only as hashes, and every row that belongs to an organisation carries its
 * `company_id`, which every query of a signed-in person filters on.
 */
import type { FieldCondition, FieldValidation, Language } from '@formsign/sdk/contract';
import { sql, type SQL } from 'drizzle-orm';
import {
  bigint,
  boolean,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  text,
  timestamp,
  unique,
  uniqueIndex,
  type AnyPgColumn,
  type IndexBuilder,
} from 'drizzle-orm/pg-core';

const id = () => integer().primaryKey().generatedByDefaultAsIdentity();
const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const at = (name: string) => timestamp(name, { withTimezone: true });

/** An organisation: its details, its envelopes and its settings. */
export const companies = pgTable(
  'companies',
  {
    id: id(),
    name: text().notNull(),
    address: text().notNull().default(''),
    phone: text().notNull().default(''),
    email: text().notNull().default(''),
    vatNumber: text('vat_number').notNull().default(''),
    /** The partner the company registered through (`/register/{pmachinename}`), or empty. */
    partner: text().notNull().default(''),
    /** Envelopes bought in all, and used: one is used by each form sent. */
    envelopesBought: integer('envelopes_bought').notNull().default(0),
    envelopesUsed: integer('envelopes_used').notNull().default(0),
    /**
     * The last number its forms' references took in `referenceYear` (`NWC-2026-0042` is 42): the
     * next form sent takes the next, without counting the year's forms (`modules/forms/references.ts`).
     */
    referenceYear: integer('reference_year'),
    referenceCount: integer('reference_count').notNull().default(0),
    /** The company's settings (`Settings` of the contract, less the FAQ address). */
    settings: jsonb().$type<CompanySettings>().notNull(),
    /** The organisation's stamp image (`companies/stamp.ts`); null when it has none. */
    stamp: jsonb().$type<CompanyStamp>(),
    createdAt: createdAt(),
  },
  (table) => [
    // The instance's super users find an organisation by words of its name or email address (pg_trgm).
    index('companies_search_idx').using('gin', sql`(${table.name} || ' ' || ${table.email}) gin_trgm_ops`),
  ],
);

/**
 * An organisation's single sign-on provider (OpenID Connect): its issuer and client, the client
 * secret sealed with the instance's key for credentials (`auth/keys.ts`), never answered.
 * `verifiedAt` is set when someone signs in through it and cleared when the issuer or client
 * changes: passwords can be turned off (`required`) only once it has worked.
 */
export const ssoProviders = pgTable('sso_providers', {
  companyId: integer('company_id')
    .primaryKey()
    .references(() => companies.id, { onDelete: 'cascade' }),
  enabled: boolean().notNull().default(false),
  issuer: text().notNull(),
  clientId: text('client_id').notNull(),
  clientSecret: text('client_secret'),
  displayName: text('display_name').notNull(),
  allowCreate: boolean('allow_create').notNull().default(false),
  required: boolean().notNull().default(false),
  verifiedAt: at('verified_at'),
  updatedAt: at('updated_at').notNull().defaultNow(),
});

/**
 * An organisation's stamp: its image in the file store, under its own checksum (a form it was
 * applied to names this key, so replacing the stamp never changes what such a form shows).
 */
export interface CompanyStamp {
  key: string;
  type: 'image/png' | 'image/jpeg';
  width: number;
  height: number;
  size: number;
  uploadedAt: string;
}

export interface CompanySettings {
  timezone: string;
  date_format: 'DD/MM/YYYY' | 'MM/DD/YYYY' | 'YYYY-MM-DD';
  language: string;
  reminder_days: number;
  retention_days: number;
  allow_typed_signature: boolean;
  storage_auto_save: boolean;
  /** The sites allowed to embed the signing pages (origins); absent in settings saved before it existed: none. */
  embed_origins?: string[];
  /** How a new template's places verify their recipients; absent in settings saved before it existed: none. */
  default_verification?: Verification;
}

export type UserRole = 'admin' | 'basic';

/** A person who signs in. */
export const users = pgTable(
  'users',
  {
    id: id(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    /** The login name; unique regardless of case. */
    name: text().notNull(),
    email: text().notNull(),
    /**
     * An address the person asked to change to, and when: it becomes `email` only when the
     * link mailed to it is followed (the link binds this time).
     */
    pendingEmail: text('pending_email'),
    pendingEmailAt: at('pending_email_at'),
    /** The argon2id hash; null while an invited person has not chosen a password. */
    passwordHash: text('password_hash'),
    passwordChangedAt: at('password_changed_at'),
    firstName: text('first_name').notNull().default(''),
    lastName: text('last_name').notNull().default(''),
    phone: text().notNull().default(''),
    jobTitle: text('job_title').notNull().default(''),
    img: text().notNull().default(''),
    /** The person's own language (the top bar's choice, kept on their account); null: their organisation's. */
    language: text().$type<Language>(),
    role: text().$type<UserRole>().notNull().default('basic'),
    /** A personal account: one person's own paperwork (an administrator of a company of one). */
    personal: boolean().notNull().default(false),
    isSuper: boolean('is_super').notNull().default(false),
    isSubAdmin: boolean('is_sub_admin').notNull().default(false),
    isFrontAdmin: boolean('is_front_admin').notNull().default(false),
    /** The user's class (Administrator, Manager, Staff, ...) and units. */
    class: text().notNull().default('Staff'),
    unit: text()
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** Two-factor sign-in: on, and whether the person must set it up at the next sign-in. */
    mfa: boolean().notNull().default(false),
    forceMfa: boolean('force_mfa').notNull().default(false),
    /** The authenticator app's secret, sealed with the server's secret; null until set up. */
    totpSecret: text('totp_secret'),
    /** The last time step a TOTP code was accepted for, so a code works once. */
    totpLastStep: integer('totp_last_step'),
    activatedAt: at('activated_at'),
    blockedAt: at('blocked_at'),
    lastLoginAt: at('last_login_at'),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex('users_name_key').on(sql`lower(${table.name})`),
    uniqueIndex('users_email_key').on(sql`lower(${table.email})`),
    index('users_company_idx').on(table.companyId, table.id),
  ],
);

/**
 * A signed-in session. The token carries its id; logging out or changing the password ends
 * it, and a token of an ended session no longer works. The refresh token renews it; only its
 * hash is kept, and a refresh token used again, past a few seconds' grace for two tabs
 * renewing at once, ends the session (it was stolen).
 */
export const sessions = pgTable(
  'sessions',
  {
    id: text().primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    deviceId: integer('device_id').references(() => devices.id, { onDelete: 'set null' }),
    refreshHash: text('refresh_hash').notNull(),
    /** The hash of the refresh token this one replaced: presenting it again means theft. */
    previousRefreshHash: text('previous_refresh_hash'),
    ip: text().notNull().default(''),
    userAgent: text('user_agent').notNull().default(''),
    createdAt: createdAt(),
    refreshedAt: at('refreshed_at'),
    /** The session cannot be renewed after this. */
    expiresAt: at('expires_at').notNull(),
    endedAt: at('ended_at'),
  },
  (table) => [
    index('sessions_user_idx').on(table.userId),
    index('sessions_refresh_idx').on(table.refreshHash),
    // A refresh token that is not live is looked up as a spent one (the grace, or theft).
    index('sessions_previous_refresh_idx').on(table.previousRefreshHash),
  ],
);

/** A browser or app a person signed in from; a blocked device cannot be used. */
export const devices = pgTable(
  'devices',
  {
    id: id(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** What identifies the device to the server: a hash of its user agent. */
    fingerprint: text().notNull(),
    name: text().notNull(),
    platform: text().$type<'iOS' | 'Android' | 'Windows' | 'macOS' | 'Web'>().notNull(),
    model: text().notNull(),
    appVersion: text('app_version').notNull(),
    ip: text().notNull().default(''),
    lastSeen: at('last_seen').notNull().defaultNow(),
    blockedAt: at('blocked_at'),
    /**
     * Who blocked it and the role they had then: the device's own person lifts a block they
     * made; a block made by someone else is lifted by someone of at least that role. None for
     * a block made before this was kept, which counts as an administrator's.
     */
    blockedBy: integer('blocked_by').references(() => users.id, { onDelete: 'set null' }),
    blockedByRole: text('blocked_by_role').$type<'basic' | 'personal' | 'admin' | 'super'>(),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex('devices_user_fingerprint_key').on(table.userId, table.fingerprint),
    index('devices_company_idx').on(table.companyId, table.lastSeen),
  ],
);

/**
 * Failed sign-ins, password-reset requests, changes of email address and registrations with an
 * address that has an account, counted per key (an account, an address, an email) within a
 * window, so that the limits hold across several server processes.
 */
export const attempts = pgTable(
  'attempts',
  {
    id: id(),
    kind: text().$type<'login-account' | 'login-ip' | 'reset-email' | 'reset-ip' | 'email-change' | 'registration-email' | 'mfa'>().notNull(),
    key: text().notNull(),
    at: at('at').notNull().defaultNow(),
  },
  (table) => [index('attempts_kind_key_at_idx').on(table.kind, table.key, table.at)],
);

/**
 * A sign-in waiting for its second factor: the ticket the client holds (stored as a hash),
 * the emailed code when one was sent, and a secret being set up.
 */
export const mfaChallenges = pgTable('mfa_challenges', {
  ticketHash: text('ticket_hash').primaryKey(),
  userId: integer('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  method: text().$type<'totp' | 'email'>().notNull(),
  /** A secret being set up (sealed), when the person must set up an authenticator app. */
  pendingSecret: text('pending_secret'),
  emailCodeHash: text('email_code_hash'),
  failures: integer().notNull().default(0),
  ip: text().notNull().default(''),
  userAgent: text('user_agent').notNull().default(''),
  createdAt: createdAt(),
  expiresAt: at('expires_at').notNull(),
  usedAt: at('used_at'),
});

/**
 * An organisation's API keys. The secret (`fs_live_` and 32 random bytes, base64url) is shown
 * once when the key is made and kept only as its SHA-256 (`hash`): a 256-bit random secret
 * needs no slow hash. `prefix` (its first twelve characters) shows which key it is. A key acts
 * for the administrator who made it (`created_by`), with its own `role`, inside its company.
 * `last_used_at` is moved on at most once a minute.
 */
export const apiKeys = pgTable(
  'api_keys',
  {
    id: id(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    name: text().notNull(),
    role: text().$type<'admin' | 'personal' | 'basic'>().notNull(),
    hash: text().notNull(),
    prefix: text().notNull(),
    createdBy: integer('created_by')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    /** The last day it works (until the end of that day, UTC); null: it does not expire. */
    expiresAt: date('expires_at', { mode: 'string' }),
    lastUsedAt: at('last_used_at'),
    revokedAt: at('revoked_at'),
  },
  (table) => [uniqueIndex('api_keys_hash_idx').on(table.hash), index('api_keys_company_idx').on(table.companyId, table.id)],
);

export type AuditEvent =
  | 'created'
  | 'sent'
  | 'opened'
  | 'verified'
  | 'delegated'
  | 'hosted'
  | 'copy-sent'
  | 'saved'
  | 'signed'
  | 'approved'
  | 'disapproved'
  | 'declined'
  | 'resent'
  | 'completed'
  | 'downloaded'
  | 'deleted'
  | 'login'
  | 'login-failed'
  | 'logout'
  | 'password-reset-requested'
  | 'password-changed'
  | 'email-change-requested'
  | 'email-changed'
  | 'registered'
  | 'activated'
  | 'invited'
  | 'user-changed'
  | 'user-deleted'
  | 'profile-saved'
  | 'company-saved'
  | 'mfa-set-up'
  | 'device-blocked'
  | 'device-unblocked'
  | 'device-removed'
  | 'reminded'
  | 'data-removed'
  | 'cancelled'
  | 'expired'
  | 'sealed'
  | 'delivered'
  | 'template-saved'
  | 'template-deleted'
  | 'file-saved'
  | 'file-deleted'
  | 'purchase'
  | 'envelopes-granted'
  | 'api-key-created'
  | 'api-key-revoked'
  | 'settings-saved'
  | 'time-recorded'
  | 'subtitle-saved'
  | 'tutorial-saved'
  | 'tutorial-deleted'
  | 'support-message'
  | 'case-saved'
  | 'case-noted'
  | 'form-filed'
  | 'bulk-send-started'
  | 'bulk-send-ended'
  | 'bulk-send-cancelled'
  | 'system';

/**
 * The audit trail: every change, by whom, when, from where. Written in the same transaction
 * as the change; the action records, the system log and the form audit read it, never a
 * copy.
 */
export const auditEvents = pgTable(
  'audit_events',
  {
    id: id(),
    companyId: integer('company_id').references(() => companies.id, { onDelete: 'cascade' }),
    /** The person who acted; null for the system and for people without an account. */
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    /** Who acted, as shown (kept when the user is deleted). */
    actor: text().notNull(),
    source: text().$type<'user' | 'system'>().notNull(),
    level: text().$type<'info' | 'warning' | 'error'>().notNull().default('info'),
    event: text().$type<AuditEvent>().notNull(),
    /** What was acted on, as shown. */
    target: text().notNull().default(''),
    formId: integer('form_id'),
    ip: text().notNull().default(''),
    userAgent: text('user_agent').notNull().default(''),
    details: jsonb().$type<Record<string, unknown>>().notNull().default({}),
    at: at('at').notNull().defaultNow(),
  },
  (table) => [
    index('audit_company_at_idx').on(table.companyId, table.at),
    index('audit_form_idx').on(table.formId, table.at),
    index('audit_company_form_at_idx')
      .on(table.companyId, table.at)
      .where(sql`${table.formId} is not null`),
    // The action records and the system log (filters[source]), and the events of one kind.
    index('audit_company_source_at_idx').on(table.companyId, table.source, table.at),
    index('audit_company_event_at_idx').on(table.companyId, table.event, table.at),
    // Searching by a person's email; and a deleted user's events (set null) are found by it.
    index('audit_user_idx').on(table.userId),
    // Searching words in who acted and on what (pg_trgm).
    index('audit_search_idx').using('gin', sql`(${table.actor} || ' ' || ${table.target}) gin_trgm_ops`),
  ],
);

/** The instance's own values, such as the secret generated on first start when none is configured. */
export const instance = pgTable('instance', {
  key: text().primaryKey(),
  value: text().notNull(),
});

// ---------------------------------------------------------------------------------------
// Templates and the forms made from them.

/** A field of a template or a form (the contract's `FormField`). */
export interface FieldDefinition {
  name: string;
  label: string;
  type:
    'text' | 'textarea' | 'number' | 'date' | 'email' | 'checkbox' | 'select' | 'radio' | 'signature' | 'initials' | 'file' | 'calculated' | 'stamp';
  required: boolean;
  options?: string[];
  value?: string | number | boolean | null;
  /** Shown (and required) only while another field's answer meets it (`@formsign/sdk/field-rules`). */
  condition?: FieldCondition;
  /** The checks the sender set on the answer. */
  validation?: FieldValidation;
  /** A calculated field's formula over other number fields (`@formsign/sdk/field-rules`). */
  formula?: string;
  /** Who answers it: 0 the sender; n the recipient at place n; the first recipient when absent. */
  step?: number;
  /** Where the field sits on the template's PDF, when it has one. */
  placement?: { page: number; x: number; y: number; width: number; height: number };
}

/** The size of a page of a template's PDF, in PDF points. */
export interface PdfPageSize {
  width: number;
  height: number;
}

/** A step of a template: who acts, in order (the people are chosen when a form is sent). */
/** How a link's holder proves they are its recipient before the form opens. */
export type Verification = 'none' | 'email-code' | 'access-code';

/** What a place of a template's order does: `copy` only receives the sealed PDF once the form is complete. */
export type StepAction = 'sign' | 'approve' | 'fill' | 'copy';

export interface StepDefinition {
  label: string;
  action: StepAction;
  /** Who it goes to unless the sender chooses someone else: a user of the company, or nobody yet. */
  userId?: number | null;
  /** Absent in templates saved before it existed: none. */
  verification?: Verification;
  /** Its recipient may hand the place on to someone else; absent in templates saved before it existed: false. */
  allowDelegation?: boolean;
}

export type FieldValue = string | number | boolean | null;

export const categories = pgTable(
  'categories',
  {
    id: id(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    name: text().notNull(),
    createdAt: createdAt(),
  },
  (table) => [uniqueIndex('categories_company_name_key').on(table.companyId, sql`lower(${table.name})`)],
);

export const groups = pgTable(
  'groups',
  {
    id: id(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    name: text().notNull(),
    members: integer()
      .array()
      .notNull()
      .default(sql`'{}'::integer[]`),
    createdAt: createdAt(),
  },
  (table) => [uniqueIndex('groups_company_name_key').on(table.companyId, sql`lower(${table.name})`)],
);

export const templates = pgTable(
  'templates',
  {
    id: id(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    title: text().notNull(),
    description: text().notNull().default(''),
    categoryId: integer('category_id').references(() => categories.id, { onDelete: 'set null' }),
    status: text().$type<'active' | 'archived'>().notNull().default('active'),
    fields: jsonb().$type<FieldDefinition[]>().notNull().default([]),
    steps: jsonb().$type<StepDefinition[]>().notNull().default([]),
    /** Recipients act one after the other (else in any order). */
    sequential: boolean().notNull().default(true),
    /** The PDF the template starts from, in the file store; none when it is rendered from its fields. */
    pdfKey: text('pdf_key'),
    /** The size of each page of that PDF, in points, as shown (rotation applied); empty without one. */
    pdfPages: jsonb('pdf_pages').$type<PdfPageSize[]>().notNull().default([]),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: at('updated_at').notNull().defaultNow(),
    /** Deleted templates stay for the forms made from them, hidden from every list. */
    deletedAt: at('deleted_at'),
  },
  (table) => [index('templates_company_idx').on(table.companyId, table.status, table.updatedAt)],
);

/**
 * The pages of a template's PDF drawn as images (`modules/templates/page-images.ts`), by the
 * PDF's key in the file store: a PDF is stored once under its checksum and never changes, so
 * its images are drawn once, and serve every form sent with it. Each page's image is stored
 * beside the PDF (`pageImageKey`). `failed` when the PDF could not be drawn (its signing
 * pages then draw it in the browser).
 */
export const pdfPageImages = pgTable('pdf_page_images', {
  pdfKey: text('pdf_key').primaryKey(),
  status: text().$type<'ready' | 'failed'>().notNull(),
  /** The size of each page, in points, as shown (rotation applied); empty when it failed. */
  pages: jsonb().$type<PdfPageSize[]>().notNull().default([]),
  createdAt: createdAt(),
});

/**
 * Indexes for paging a list of forms: for each sort, (company, the sort's columns, id) and,
 * after the id, the columns the list filters on (they do not change the order, the id being
 * unique, but let the index alone answer the filters).
 */
function listIndexes(
  prefix: string,
  where: SQL,
  sorts: Record<string, AnyPgColumn[]>,
  filters: AnyPgColumn[],
  company: AnyPgColumn,
  id: AnyPgColumn,
): IndexBuilder[] {
  return Object.entries(sorts).map(([name, columns]) => {
    const keys = [company, ...columns, id, ...filters.filter((column) => !columns.includes(column))];
    const [first, ...rest] = keys as [AnyPgColumn, ...AnyPgColumn[]];
    return index(`${prefix}_${name}_idx`)
      .on(first, ...rest)
      .where(where);
  });
}

/**
 * When a form ended: completed, withdrawn (its last change), or, still waiting, its expiry. The
 * retention of the company's settings counts from it; the same expression is `forms_retention_idx`'s.
 */
export function formEnd(table: { status: AnyPgColumn; completedAt: AnyPgColumn; updatedAt: AnyPgColumn; expiresAt: AnyPgColumn }): SQL {
  return sql`(case when ${table.status} = 'completed' then ${table.completedAt} when ${table.status} = 'cancelled' then ${table.updatedAt} else ${table.expiresAt} end)`;
}

export type FormStatus = 'draft' | 'sent' | 'in_progress' | 'awaiting_approval' | 'disapproved' | 'declined' | 'completed' | 'cancelled';

export const forms = pgTable(
  'forms',
  {
    id: id(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    templateId: integer('template_id')
      .notNull()
      .references(() => templates.id),
    /** The case the form is filed on, if any. */
    tenantId: integer('tenant_id').references(() => tenants.id, { onDelete: 'set null' }),
    reference: text().notNull(),
    title: text().notNull(),
    status: text().$type<FormStatus>().notNull(),
    senderId: integer('sender_id').references(() => users.id, { onDelete: 'set null' }),
    /** Who sent it, as shown (kept when the user is deleted). */
    senderName: text('sender_name').notNull(),
    message: text().notNull().default(''),
    /** The language of its signing pages, mails and sealed PDF: the sender's choice, else the company's when it was sent. */
    language: text().$type<Language>().notNull().default('en'),
    sequential: boolean().notNull().default(true),
    /** The form's fields as sent (the template may change later). */
    fields: jsonb().$type<FieldDefinition[]>().notNull(),
    /** The template's PDF as it was when the form was sent (its fields are placed on that one); none when it had none. */
    pdfKey: text('pdf_key'),
    /** The answers so far, by field name. */
    values: jsonb().$type<Record<string, FieldValue>>().notNull().default({}),
    /** The order of the step it waits for (the lowest open one when in any order). */
    currentStep: integer('current_step').notNull().default(1),
    steps: integer().notNull().default(1),
    createdAt: createdAt(),
    sentAt: at('sent_at'),
    updatedAt: at('updated_at').notNull().defaultNow(),
    expiresAt: at('expires_at'),
    /** When the hourly job recorded that the form passed its expiry still waiting (its `expired` event); the status stays. */
    expiredAt: at('expired_at'),
    completedAt: at('completed_at'),
    /** The sealed PDF (issue of the signing certificate) and its checksums. */
    sealedKey: text('sealed_key'),
    originalSha256: text('original_sha256'),
    sealedSha256: text('sealed_sha256'),
    sealedAt: at('sealed_at'),
    deletedAt: at('deleted_at'),
    /** When the company's retention removed its answers and files (the form itself, its trail and its seal's checksums stay). */
    dataRemovedAt: at('data_removed_at'),
  },
  (table) => [
    uniqueIndex('forms_company_reference_key').on(table.companyId, table.reference),
    index('forms_company_status_updated_idx').on(table.companyId, table.status, table.updatedAt),
    index('forms_company_completed_idx').on(table.companyId, table.completedAt),
    // A PDF checked on /verify is found by its checksum.
    index('forms_sealed_sha256_idx')
      .on(table.sealedSha256)
      .where(sql`${table.sealedSha256} is not null`),
    index('forms_company_template_idx').on(table.companyId, table.templateId, table.completedAt),
    index('forms_sender_idx').on(table.senderId, table.status),
    index('forms_tenant_idx').on(table.tenantId),
    // The dashboard: forms sent per month and by template, hours from sending to completion.
    index('forms_company_sent_idx')
      .on(table.companyId, table.sentAt, table.templateId)
      .where(sql`${table.deletedAt} is null`),
    index('forms_company_completed_sent_idx')
      .on(table.companyId, table.completedAt, table.sentAt)
      .where(sql`${table.deletedAt} is null`),
    // The lists page through these: one index per sort (with the id as the tie-break), over
    // the Workflow's forms or the completed ones, carrying the columns the lists filter on, so
    // that a count or a deep page is read from the index alone, whatever the page number.
    ...listIndexes(
      'forms_workflow',
      sql`${table.deletedAt} is null and ${table.status} in ('sent', 'in_progress', 'awaiting_approval', 'disapproved', 'declined')`,
      {
        // By id alone: the forms a person takes part in are counted by merging this with
        // their places, both in the order of the forms' ids (`visibility.ts`).
        id: [],
        updated: [table.updatedAt],
        sent: [table.sentAt],
        reference: [table.reference],
        title: [table.title],
        status: [table.status],
        status_updated: [table.status, table.updatedAt],
      },
      [table.status, table.templateId, table.sentAt],
      table.companyId,
      table.id,
    ),
    ...listIndexes(
      'forms_completed',
      sql`${table.deletedAt} is null and ${table.status} = 'completed'`,
      {
        id: [],
        at: [table.completedAt],
        reference: [table.reference],
        title: [table.title],
        sender: [table.senderName],
      },
      [table.templateId, table.completedAt],
      table.companyId,
      table.id,
    ),
    // Action Required: the due and sent times of the forms waiting for someone, by id, so that
    // a person's open places are sorted from the indexes alone.
    index('forms_waiting_idx')
      .on(table.id, table.expiresAt, table.sentAt)
      .where(sql`${table.deletedAt} is null and ${table.status} in ('sent', 'in_progress', 'awaiting_approval')`),
    // Action Required in its order: the company's forms waiting for someone, soonest due first
    // (never due last), then newest sent; a person's open places are looked up form by form
    // (`form_recipients_form_idx`) until the page is full.
    index('forms_pending_order_idx')
      .on(table.companyId, sql`coalesce(${table.expiresAt}, 'infinity'::timestamptz)`, table.sentAt.desc().nullsFirst(), table.id.desc().nullsFirst())
      .where(sql`${table.deletedAt} is null and ${table.status} in ('sent', 'in_progress', 'awaiting_approval')`),
    // The hourly expiry: the waiting forms with an expiry not yet recorded as passed, soonest
    // due first, so that the job reads only the forms whose expiry has come.
    index('forms_expiry_due_idx')
      .on(table.expiresAt, table.id)
      .where(
        sql`${table.expiredAt} is null and ${table.expiresAt} is not null and ${table.deletedAt} is null and ${table.status} in ('sent', 'in_progress', 'awaiting_approval')`,
      ),
    // Retention: a company's ended forms whose data are still kept, by when they ended
    // (`formEnd`: completed, withdrawn, or past their expiry), read from the index alone.
    index('forms_retention_idx')
      .on(table.companyId, formEnd(table))
      .where(
        sql`${table.deletedAt} is null and ${table.dataRemovedAt} is null and ${table.status} in ('completed', 'cancelled', 'sent', 'in_progress', 'awaiting_approval')`,
      ),
    // Searching words in references, titles and senders' names (pg_trgm).
    index('forms_search_idx').using('gin', sql`(${table.reference} || ' ' || ${table.title} || ' ' || ${table.senderName}) gin_trgm_ops`),
    // The same words among the Workflow's forms or the completed ones: a search's count reads
    // the matches of its list alone, not every form that has the words, whatever its state.
    index('forms_workflow_search_idx')
      .using('gin', sql`(${table.reference} || ' ' || ${table.title} || ' ' || ${table.senderName}) gin_trgm_ops`)
      .where(sql`${table.deletedAt} is null and ${table.status} in ('sent', 'in_progress', 'awaiting_approval', 'disapproved', 'declined')`),
    index('forms_completed_search_idx')
      .using('gin', sql`(${table.reference} || ' ' || ${table.title} || ' ' || ${table.senderName}) gin_trgm_ops`)
      .where(sql`${table.deletedAt} is null and ${table.status} = 'completed'`),
  ],
);

/**
 * What the dashboard counts, kept up to date as forms change: the company's forms that are
 * not deleted, by template, status and month (of the time zone in `form_count_zones`).
 * Each form counts once under `sent`, in the month it was sent (no month when it was never
 * sent), and once more under `completed`, in the month it was completed, with the seconds
 * it took when it was also sent. Triggers on `forms` keep the rows in the same transaction as
 * every change of a form (migration `0011_report-counters-triggers`); `form_counts_rebuild`
 * counts a company's again from its forms.
 */
export const formCounts = pgTable(
  'form_counts',
  {
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    templateId: integer('template_id').notNull(),
    status: text().$type<FormStatus>().notNull(),
    kind: text().$type<'sent' | 'completed'>().notNull(),
    /** The first day of the month, in the company's counting time zone; null for forms never sent. */
    month: date(),
    forms: bigint({ mode: 'number' }).notNull().default(0),
    /** The completed forms that were also sent: those the hours to complete are averaged over. */
    timed: bigint({ mode: 'number' }).notNull().default(0),
    /** The seconds from sending to completion of the timed forms, added up. */
    seconds: numeric().notNull().default('0'),
  },
  (table) => [unique('form_counts_key').on(table.companyId, table.kind, table.month, table.templateId, table.status).nullsNotDistinct()],
);

/**
 * The time zone each company's `form_counts` are counted in. A company's row is made with the
 * company; a report that counts in another zone (the company changed it) counts again first.
 * The triggers share-lock the row while they add to the counts, and counting again locks it
 * for update, so the two never miss each other's forms.
 */
export const formCountZones = pgTable('form_count_zones', {
  companyId: integer('company_id')
    .primaryKey()
    .references(() => companies.id, { onDelete: 'cascade' }),
  /** Null until the company's forms were first counted. */
  timeZone: text('time_zone'),
});

/**
 * A version of each template's submissions (its completed forms that are not deleted, and
 * their answers), moved on by triggers on `forms` in the same transaction as every change that
 * alters them: a form completed, deleted, restored, removed, moved to another template, or its
 * answers changed while completed (migration `0014_submission-versions-triggers`). The analysis
 * keeps what it worked out under the version it read, so an answer kept is one the forms still
 * give. No row yet is version 0; rows go only with their company, so a version never goes back.
 */
export const submissionVersions = pgTable(
  'submission_versions',
  {
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    templateId: integer('template_id').notNull(),
    version: bigint({ mode: 'number' }).notNull().default(1),
  },
  (table) => [primaryKey({ name: 'submission_versions_pkey', columns: [table.companyId, table.templateId] })],
);

/**
 * The figures of each field's answers over a template's submissions (its completed forms that
 * are not deleted): how many answered it (something a table shows), how many answered a
 * number and those numbers' sum. Triggers on `forms` keep them in the same transaction as
 * every change that alters them (migration `0028_submission-answer-totals-triggers`), so the
 * form database's count, sum and average over all of a template's submissions read a row, not
 * every answer. Keyed by field first: the figures of one field over every template of the
 * company are a range of the key.
 */
export const submissionAnswerTotals = pgTable(
  'submission_answer_totals',
  {
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    field: text().notNull(),
    templateId: integer('template_id').notNull(),
    /** Submissions whose answer reads as something (not empty, not null). */
    answered: bigint({ mode: 'number' }).notNull().default(0),
    /** Submissions whose answer is a number, or text that is one. */
    numbers: bigint({ mode: 'number' }).notNull().default(0),
    /** The sum of those numbers, exact. */
    total: numeric().notNull().default('0'),
  },
  (table) => [primaryKey({ name: 'submission_answer_totals_pkey', columns: [table.companyId, table.field, table.templateId] })],
);

/** `copy`: a place that receives a copy, never opened (its mail's time is `notifiedAt`). */
export type RecipientStatus = 'waiting' | 'open' | 'signed' | 'approved' | 'disapproved' | 'declined' | 'filled' | 'cancelled' | 'copy';

/**
 * A person a form goes to, at their place in its order: their link (a page id in the
 * address and a token, whose hash is kept), what they did and from where.
 */
export const formRecipients = pgTable(
  'form_recipients',
  {
    id: id(),
    formId: integer('form_id')
      .notNull()
      .references(() => forms.id, { onDelete: 'cascade' }),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    order: integer().notNull(),
    action: text().$type<StepAction>().notNull(),
    label: text().notNull().default(''),
    name: text().notNull(),
    email: text().notNull(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    status: text().$type<RecipientStatus>().notNull(),
    pageId: text('page_id').notNull(),
    tokenHash: text('token_hash').notNull(),
    /** Answers saved as a draft, not yet sent. */
    draft: jsonb().$type<Record<string, FieldValue>>(),
    notifiedAt: at('notified_at'),
    openedAt: at('opened_at'),
    actedAt: at('acted_at'),
    signature: jsonb().$type<{ kind: 'drawn' | 'typed'; value: string }>(),
    /** The signer's initials, given once and applied to each initials field of their place (kept with a draft too). */
    initials: jsonb().$type<{ kind: 'drawn' | 'typed'; value: string }>(),
    comment: text().notNull().default(''),
    ip: text().notNull().default(''),
    userAgent: text('user_agent').notNull().default(''),
    remindersSent: integer('reminders_sent').notNull().default(0),
    lastRemindedAt: at('last_reminded_at'),
    /**
     * How the link's holder proves they are the recipient before the form opens (the template's
     * place, when sent). An access code is kept as its keyed hash (`accessCodeHash`), a mailed
     * code as its keyed hash (`codeHash`) with when it was mailed (it works for 10 minutes);
     * `codeFailures` counts wrong tries of the current code (or of the access code), and
     * `codeLockedUntil` is when a locked access code may be tried again; `codesMailed` counts
     * the codes mailed since `codesSince` (at most five an hour).
     */
    verification: text().$type<Verification>().notNull().default('none'),
    accessCodeHash: text('access_code_hash'),
    codeHash: text('code_hash'),
    codeSentAt: at('code_sent_at'),
    codeFailures: integer('code_failures').notNull().default(0),
    codeLockedUntil: at('code_locked_until'),
    codesMailed: integer('codes_mailed').notNull().default(0),
    codesSince: at('codes_since'),
    verifiedAt: at('verified_at'),
    /** Its recipient may hand the place on to someone else (the template's place, when sent). */
    allowDelegation: boolean('allow_delegation').notNull().default(false),
    /**
     * Signing in person: who opened this place on their own device for its recipient (the
     * sender or an administrator; their account is the actor of the trail's `hosted` event),
     * their name as it was, and when. The place's page id was renewed then, so the link mailed
     * before stops working; a new link mailed (a reminder, the form sent again) ends the hosting.
     */
    hostedByName: text('hosted_by_name'),
    hostedAt: at('hosted_at'),
  },
  (table) => [
    uniqueIndex('form_recipients_page_key').on(table.pageId),
    index('form_recipients_form_idx').on(table.formId, table.order),
    // A person's places (Action Required): by the account the sender gave them, never by email.
    index('form_recipients_user_idx').on(table.userId, table.status),
    // The forms a person takes part in (who sees what) and their open places, from the index alone.
    index('form_recipients_user_form_idx').on(table.userId, table.companyId, table.formId, table.status),
    // Automatic reminders: a company's open places by when they were last mailed their link
    // (`forms/remind-waiting.job.ts`), so the places due are read from the index alone.
    index('form_recipients_reminder_idx')
      .on(table.companyId, sql`coalesce(${table.lastRemindedAt}, ${table.notifiedAt})`)
      .where(sql`${table.status} = 'open'`),
    // Copies not yet mailed (`forms/send-copies.job.ts`, on start): only these places are in it.
    index('form_recipients_copy_due_idx')
      .on(table.formId)
      .where(sql`${table.status} = 'copy' and ${table.notifiedAt} is null`),
  ],
);

/**
 * The links a place had before its recipient handed it on (`forms/delegate-place.ts`): such a
 * link opens nothing, and says why to the holder of its token. Who handed it on to whom is
 * in the audit trail.
 */
export const handedOnLinks = pgTable(
  'handed_on_links',
  {
    pageId: text('page_id').primaryKey(),
    recipientId: integer('recipient_id')
      .notNull()
      .references(() => formRecipients.id, { onDelete: 'cascade' }),
    handedAt: at('handed_at').notNull(),
  },
  (table) => [index('handed_on_links_recipient_idx').on(table.recipientId)],
);

/** A file attached to a form by a signer (a supporting document). */
export const documents = pgTable(
  'documents',
  {
    id: id(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    formId: integer('form_id')
      .notNull()
      .references(() => forms.id, { onDelete: 'cascade' }),
    field: text().notNull().default(''),
    name: text().notNull(),
    mime: text().notNull(),
    size: integer().notNull(),
    fileKey: text('file_key').notNull(),
    uploadedBy: text('uploaded_by').notNull(),
    uploadedAt: at('uploaded_at').notNull().defaultNow(),
  },
  (table) => [
    index('documents_company_idx').on(table.companyId, table.uploadedAt),
    // A form's files, by field: one file per field, kept once (`forms/documents.ts`).
    index('documents_form_field_idx').on(table.formId, table.field),
    // Searching words in file names and who uploaded them (pg_trgm).
    index('documents_search_idx').using('gin', sql`(${table.name} || ' ' || ${table.uploadedBy}) gin_trgm_ops`),
  ],
);

/** A file kept in the company's document storage (My Documents), in a folder. */
export const storedFiles = pgTable(
  'stored_files',
  {
    id: id(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    folder: text().notNull().default(''),
    name: text().notNull(),
    mime: text().notNull(),
    size: integer().notNull(),
    fileKey: text('file_key').notNull(),
    formId: integer('form_id').references(() => forms.id, { onDelete: 'set null' }),
    createdBy: text('created_by').notNull().default(''),
    /** The person who saved it (who may delete it beside the administrators); null for the system. */
    createdById: integer('created_by_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (table) => [
    index('stored_files_company_folder_idx').on(table.companyId, table.folder, table.createdAt),
    // A form's copies in Documents (the one saved automatically when it was sealed is looked up by it).
    index('stored_files_form_idx').on(table.formId, table.folder),
  ],
);

/**
 * The bytes each company keeps: its stored files and the files attached to its forms, added
 * up. Triggers on `stored_files` and `documents` keep it in the same transaction as every
 * file added, removed or changed (migration `0026_storage-usage-triggers`), so the quota is
 * read from one row however many files there are.
 */
export const storageUsage = pgTable('storage_usage', {
  companyId: integer('company_id')
    .primaryKey()
    .references(() => companies.id, { onDelete: 'cascade' }),
  bytes: bigint({ mode: 'number' }).notNull().default(0),
});

// ---------------------------------------------------------------------------------------
// Envelopes bought.

export const purchases = pgTable(
  'purchases',
  {
    id: id(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    /** The payment provider's checkout session id. */
    sessionId: text('session_id').notNull(),
    provider: text().notNull(),
    product: text().notNull(),
    quantity: integer().notNull(),
    envelopes: integer().notNull(),
    amount: integer().notNull(),
    currency: text().notNull(),
    email: text().notNull(),
    status: text().$type<'open' | 'complete' | 'expired'>().notNull(),
    createdAt: createdAt(),
    completedAt: at('completed_at'),
  },
  (table) => [uniqueIndex('purchases_session_key').on(table.sessionId), index('purchases_company_idx').on(table.companyId, table.createdAt)],
);

/**
 * The payment provider's events already handled (Stripe's `evt_...` ids): an event delivered
 * again (Stripe retries, or a replay) finds its id here and changes nothing.
 */
export const paymentEvents = pgTable('payment_events', {
  eventId: text('event_id').primaryKey(),
  provider: text().notNull(),
  type: text().notNull(),
  receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
});

// ---------------------------------------------------------------------------------------
// Tutorials and translations.

/** A tutorial video or PDF; `company_id` null for the ones every company sees. */
export const tutorials = pgTable('tutorials', {
  id: id(),
  companyId: integer('company_id').references(() => companies.id, { onDelete: 'cascade' }),
  kind: text().$type<'video' | 'pdf'>().notNull(),
  path: text().notNull(),
  url: text().notNull(),
  icon: text().notNull().default(''),
  title: text().notNull(),
  position: integer().notNull().default(0),
  /** The file an administrator uploaded (served by signed address); null for the files the app ships, at `url`. */
  fileKey: text('file_key'),
});

/** A subtitle track a company saved for a tutorial video. */
export const subtitleTracks = pgTable(
  'subtitle_tracks',
  {
    id: id(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    video: text().notNull(),
    label: text().notNull(),
    srclang: text().notNull(),
    fileKey: text('file_key').notNull(),
    updatedAt: at('updated_at').notNull().defaultNow(),
  },
  (table) => [uniqueIndex('subtitle_tracks_key').on(table.companyId, table.video, table.srclang)],
);

/** A company's translation of an interface text into a language it offers. */
export const translations = pgTable(
  'translations',
  {
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    language: text().notNull(),
    source: text().notNull(),
    text: text().notNull(),
  },
  (table) => [uniqueIndex('translations_key').on(table.companyId, table.language, table.source)],
);

/** A message to support. */
export const supportMessages = pgTable('support_messages', {
  id: id(),
  companyId: integer('company_id')
    .notNull()
    .references(() => companies.id, { onDelete: 'cascade' }),
  userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
  subject: text().notNull(),
  message: text().notNull(),
  createdAt: createdAt(),
});

// ---------------------------------------------------------------------------------------
// Post Office: integrations and pre-population.

export const integrations = pgTable(
  'integrations',
  {
    id: id(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    templateId: integer('template_id')
      .notNull()
      .references(() => templates.id, { onDelete: 'cascade' }),
    source: text().$type<'email' | 'sftp' | 'webhook'>().notNull(),
    type: text().$type<'pdf' | 'csv' | 'both'>().notNull(),
    /** Where forms go, never with a user name or password in it. */
    recipient: text().notNull(),
    /** Each field's name in the receiving system. */
    map: jsonb().$type<Record<string, string>>().notNull().default({}),
    /** The user name an SFTP server is signed in to with. */
    username: text().notNull().default(''),
    /** The password and private key, sealed with the instance's key for credentials (`auth/keys.ts`); null when none is kept. */
    credentials: text(),
    /** The SFTP server's host key fingerprint, pinned on first use (`SHA256:... (TYPE)`). */
    hostKey: text('host_key'),
    updatedAt: at('updated_at').notNull().defaultNow(),
  },
  // A completed form's integrations are found by its template.
  (table) => [index('integrations_company_template_idx').on(table.companyId, table.templateId)],
);

/** An attempt to deliver a completed form through an integration. */
export const deliveries = pgTable(
  'deliveries',
  {
    id: id(),
    integrationId: integer('integration_id')
      .notNull()
      .references(() => integrations.id, { onDelete: 'cascade' }),
    formId: integer('form_id')
      .notNull()
      .references(() => forms.id, { onDelete: 'cascade' }),
    files: text()
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    status: text().$type<'delivered' | 'failed'>().notNull(),
    detail: text().notNull().default(''),
    at: at('at').notNull().defaultNow(),
  },
  // One row per attempt. A form's deliveries are found by the form; an integration's page lists its own, newest first.
  (table) => [
    index('deliveries_form_idx').on(table.formId, table.integrationId),
    index('deliveries_integration_at_idx').on(table.integrationId, table.at.desc(), table.id.desc()),
  ],
);

/**
 * An address the organisation's events are posted to (webhooks), each delivery signed with the
 * subscription's secret (kept sealed with the instance's key for credentials, as an SFTP password).
 */
export const webhookSubscriptions = pgTable(
  'webhook_subscriptions',
  {
    id: id(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    url: text().notNull(),
    /** The events it takes (`form.completed`, ...). */
    events: text()
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    description: text().notNull().default(''),
    secret: text().notNull(),
    secretHint: text('secret_hint').notNull(),
    pausedAt: at('paused_at'),
    pausedReason: text('paused_reason'),
    /** Failed attempts in a row, and since when it fails (reset by a success). */
    failures: integer().notNull().default(0),
    failingSince: at('failing_since'),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdByName: text('created_by_name').notNull(),
    createdAt: createdAt(),
  },
  // The events of a company are matched against its subscriptions.
  (table) => [index('webhook_subscriptions_company_idx').on(table.companyId)],
);

/** An event for a subscription's address: queued in the transaction of what happened, sent in order per form. */
export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    id: id(),
    subscriptionId: integer('subscription_id')
      .notNull()
      .references(() => webhookSubscriptions.id, { onDelete: 'cascade' }),
    event: text().notNull(),
    eventId: text('event_id').notNull(),
    /** What its order is kept within: `form-<id>` or `template-<id>`. */
    orderKey: text('order_key').notNull(),
    formId: integer('form_id').references(() => forms.id, { onDelete: 'cascade' }),
    reference: text(),
    /** The body's `data`, as it was when the event happened. */
    payload: jsonb().$type<Record<string, unknown>>().notNull(),
    occurredAt: at('occurred_at').notNull(),
    status: text().$type<'pending' | 'delivered' | 'failed'>().notNull().default('pending'),
    /** When it was queued (again, by "send again"): it is given up a day after. */
    queuedAt: at('queued_at').notNull(),
    attempts: integer().notNull().default(0),
    at: at('at').notNull(),
    responseCode: integer('response_code'),
    responseExcerpt: text('response_excerpt').notNull().default(''),
    detail: text().notNull().default(''),
  },
  (table) => [
    // A subscription's log, newest first.
    index('webhook_deliveries_subscription_idx').on(table.subscriptionId, table.id.desc()),
    // The next event to send of a subscription's form, and the work left over on start.
    // A form's events, removed with its data by retention.
    index('webhook_deliveries_form_idx').on(table.formId),
    index('webhook_deliveries_pending_idx')
      .on(table.subscriptionId, table.orderKey, table.id)
      .where(sql`${table.status} = 'pending'`),
  ],
);

export const prepopulationSources = pgTable('prepopulation_sources', {
  id: id(),
  companyId: integer('company_id')
    .notNull()
    .references(() => companies.id, { onDelete: 'cascade' }),
  name: text().notNull(),
  templateId: integer('template_id')
    .notNull()
    .references(() => templates.id, { onDelete: 'cascade' }),
  headers: text().array().notNull(),
  /** For each field name, the header that fills it. */
  order: jsonb().$type<Record<string, string>>().notNull().default({}),
  reference: text().notNull(),
  setBy: integer('set_by').references(() => users.id, { onDelete: 'set null' }),
  loadedAt: at('loaded_at'),
  updatedAt: at('updated_at').notNull().defaultNow(),
});

export const prepopulationRecords = pgTable(
  'prepopulation_records',
  {
    sourceId: integer('source_id')
      .notNull()
      .references(() => prepopulationSources.id, { onDelete: 'cascade' }),
    /** The record's id: its value in the reference column. */
    oid: text().notNull(),
    values: jsonb().$type<Record<string, string>>().notNull(),
    /** Every value, lower-cased and joined by line breaks: what searching records matches (`prepopulationSearchText`). */
    searchText: text('search_text').notNull().default(''),
  },
  (table) => [
    uniqueIndex('prepopulation_records_key').on(table.sourceId, table.oid),
    // Searching words in any value of a record (pg_trgm).
    index('prepopulation_records_search_idx').using('gin', sql`${table.searchText} gin_trgm_ops`),
  ],
);

// ---------------------------------------------------------------------------------------
// Time and attendance, case management.

export const visitors = pgTable(
  'visitors',
  {
    id: id(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    name: text().notNull(),
    company: text().notNull().default(''),
    visiting: text().notNull().default(''),
    arrivedAt: at('arrived_at').notNull(),
    leftAt: at('left_at'),
  },
  (table) => [index('visitors_company_idx').on(table.companyId, table.arrivedAt)],
);

/** A clocking in or out, of a staff member (a user) or a visitor. */
export const timeEntries = pgTable(
  'time_entries',
  {
    id: id(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    kind: text().$type<'staff' | 'visitor'>().notNull(),
    person: integer().notNull(),
    name: text().notNull(),
    direction: text().$type<'in' | 'out'>().notNull(),
    at: at('at').notNull(),
    note: text().notNull().default(''),
    recordedBy: text('recorded_by').notNull(),
  },
  (table) => [
    index('time_entries_company_at_idx').on(table.companyId, table.at),
    index('time_entries_person_idx').on(table.companyId, table.kind, table.person, table.at),
  ],
);

export const tenants = pgTable(
  'tenants',
  {
    id: id(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    name: text().notNull(),
    address: text().notNull().default(''),
    phone: text().notNull().default(''),
    email: text().notNull().default(''),
    caseworkerId: integer('caseworker_id').references(() => users.id, { onDelete: 'set null' }),
    status: text().$type<'open' | 'monitoring' | 'closed'>().notNull().default('open'),
    openedAt: text('opened_at').notNull(),
    notes: text().notNull().default(''),
    updatedAt: at('updated_at').notNull().defaultNow(),
  },
  (table) => [index('tenants_company_idx').on(table.companyId, table.updatedAt)],
);

/** A note added to a tenant's case: who wrote it (their name kept as it was) and when. */
export const tenantNotes = pgTable(
  'tenant_notes',
  {
    id: id(),
    tenantId: integer('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    authorId: integer('author_id').references(() => users.id, { onDelete: 'set null' }),
    author: text().notNull(),
    text: text().notNull(),
    at: at('at').notNull().defaultNow(),
  },
  (table) => [index('tenant_notes_tenant_idx').on(table.tenantId, table.at)],
);

/**
 * A bulk send: one template sent to many people from a CSV, one form a row, by the
 * `bulk-send` job. `sending` until every row is sent or not; `stopped` when the envelopes ran
 * out (the rows left are listed as not sent), `cancelled` when its sender cancelled it.
 */
export const bulkSends = pgTable(
  'bulk_sends',
  {
    id: id(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    templateId: integer('template_id')
      .notNull()
      .references(() => templates.id),
    /** Who sent it: each form is theirs, as if they had sent it alone. */
    senderId: integer('sender_id').references(() => users.id, { onDelete: 'set null' }),
    senderName: text('sender_name').notNull(),
    fileName: text('file_name').notNull().default(''),
    message: text().notNull().default(''),
    expiresAt: at('expires_at').notNull(),
    status: text().$type<'sending' | 'done' | 'stopped' | 'cancelled'>().notNull().default('sending'),
    total: integer().notNull(),
    sent: integer().notNull().default(0),
    unsent: integer().notNull().default(0),
    /** Where the send was started from, for the trail of each form. */
    ip: text().notNull().default(''),
    userAgent: text('user_agent').notNull().default(''),
    createdAt: createdAt(),
    finishedAt: at('finished_at'),
  },
  (table) => [index('bulk_sends_company_idx').on(table.companyId, table.id)],
);

/** A row of a bulk send's CSV: the people of each place and the values it fills; its form once sent, or why not. */
export const bulkSendRows = pgTable(
  'bulk_send_rows',
  {
    bulkSendId: integer('bulk_send_id')
      .notNull()
      .references(() => bulkSends.id, { onDelete: 'cascade' }),
    /** The row of the file, the header being row 1. */
    row: integer().notNull(),
    recipients: jsonb().$type<{ name: string; email: string; accessCode?: string }[]>().notNull(),
    values: jsonb().$type<Record<string, FieldValue>>().notNull(),
    status: text().$type<'pending' | 'sent' | 'unsent'>().notNull().default('pending'),
    formId: integer('form_id').references(() => forms.id, { onDelete: 'set null' }),
    reason: text().notNull().default(''),
  },
  (table) => [
    primaryKey({ columns: [table.bulkSendId, table.row] }),
    // The rows still to send, in order; and those not sent, listed on the batch's page.
    index('bulk_send_rows_status_idx').on(table.bulkSendId, table.status, table.row),
  ],
);
