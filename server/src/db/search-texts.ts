/**
 * The texts that searching words matches, as the schema's trigram indexes (pg_trgm) cover
 * them: a search compares these very expressions (`ilike '%words%'`), so the index serves
 * it. Change one here and its index in `schema.ts` together.
 */
import { sql } from 'drizzle-orm';
import { auditEvents, companies, documents, forms } from './schema.js';

/** Who acted and on what (`audit_search_idx`). */
export const auditSearchText = sql`(${auditEvents.actor} || ' ' || ${auditEvents.target})`;

/** A form's reference, title and sender (`forms_search_idx`). */
export const formSearchText = sql`(${forms.reference} || ' ' || ${forms.title} || ' ' || ${forms.senderName})`;

/** A document's name and who uploaded it (`documents_search_idx`). */
export const documentSearchText = sql`(${documents.name} || ' ' || ${documents.uploadedBy})`;

/** An organisation's name and email address (`companies_search_idx`). */
export const companySearchText = sql`(${companies.name} || ' ' || ${companies.email})`;
