/** The queries of a new form: its reference's number for the year, the form and its recipients stored. */
import { and, count, eq, gte, lt, sql } from 'drizzle-orm';
import type { Database } from '../../db/database.js';
import { companies, formRecipients, forms } from '../../db/schema.js';
import type { FormRecord, RecipientRecord } from './repository.js';

/** How many forms the company made in a year (UTC): the count its references go on from. */
export async function formsMadeInYear(db: Database, companyId: number, year: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(forms)
    .where(
      and(
        eq(forms.companyId, companyId),
        gte(forms.createdAt, new Date(Date.UTC(year, 0, 1))),
        lt(forms.createdAt, new Date(Date.UTC(year + 1, 0, 1))),
      ),
    );
  return row?.n ?? 0;
}

/**
 * Takes the company's next `count` reference numbers of `year`: the last one, or null when the
 * company keeps no number for that year (`keepReferenceNumber` starts it).
 */
export async function takeReferenceNumbers(db: Database, companyId: number, year: number, count: number): Promise<number | null> {
  const [row] = await db
    .update(companies)
    .set({ referenceCount: sql`${companies.referenceCount} + ${count}` })
    .where(and(eq(companies.id, companyId), eq(companies.referenceYear, year)))
    .returning({ last: companies.referenceCount });
  return row?.last ?? null;
}

/** Keeps `last` as the company's last reference number taken in `year`. */
export async function keepReferenceNumber(db: Database, companyId: number, year: number, last: number): Promise<void> {
  await db.update(companies).set({ referenceYear: year, referenceCount: last }).where(eq(companies.id, companyId));
}

/**
 * Stores new forms in a savepoint of `tx`, so that a reference taken meanwhile (the unique
 * index refuses it) leaves the transaction usable to try the next. Answers them in order.
 */
export async function insertForms(tx: Database, values: readonly (typeof forms.$inferInsert)[]): Promise<FormRecord[]> {
  return tx.transaction(async (savepoint) => {
    const rows = await savepoint
      .insert(forms)
      .values([...values])
      .returning();
    // Answered in the order given (the ids count up as the rows were written).
    return rows.sort((a, b) => a.id - b.id);
  });
}

export async function insertRecipients(tx: Database, rows: (typeof formRecipients.$inferInsert)[]): Promise<RecipientRecord[]> {
  return tx.insert(formRecipients).values(rows).returning();
}
