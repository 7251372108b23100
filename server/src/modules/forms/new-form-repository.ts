/** The queries of a new form: its reference's count for the year, the form and its recipients stored. */
import { and, count, eq, gte, lt } from 'drizzle-orm';
import type { Database } from '../../db/database.js';
import { formRecipients, forms } from '../../db/schema.js';
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
