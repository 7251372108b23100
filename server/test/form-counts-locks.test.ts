/**
 * The dashboard's counts under forms completed at once. Completing a form changes up to three
 * count rows (its state before, completed, and the month it completed), and forms of one
 * template completed side by side change the same rows. Each statement takes them in one order,
 * whatever plan its session's cached trigger statement has (here one session groups by sorting,
 * the other by hashing, and each count row is written slowly, so two statements taking rows in
 * different orders would meet): none deadlocks another, and the counts stay exact. PostgreSQL
 * only: the embedded database runs one transaction at a time.
 */
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { createOrganisation, insertForm, insertTemplate, timeUnits } from './support/form-rows.js';
import { expectCountsExact } from './support/report-counts.js';
import { testDatabaseKind } from './support/test-databases.js';
import { useTestServer } from './support/test-server.js';

const server = useTestServer();
const { day } = timeUnits;

describe.runIf(testDatabaseKind() === 'postgres')('the dashboard counts under forms completed side by side', () => {
  const sessions: pg.Client[] = [];
  afterAll(() => Promise.all(sessions.map((session) => session.end())));

  it('completes each form without a deadlock, whatever plan each session has, and keeps the counts exact', async () => {
    const url = server.database.connectionString ?? '';
    const { companyId } = await createOrganisation(server.ctx.db, server.ctx.passwords, 'Side By Side Ltd', 'sbs');
    const templates = [await insertTemplate(server.ctx.db, companyId, 'Counted A'), await insertTemplate(server.ctx.db, companyId, 'Counted B')];
    const now = server.clock.now();
    const states = ['in_progress', 'awaiting_approval', 'sent'] as const;
    // A form of each template, state and month of sending (this month or the last), for each session.
    const made: { id: number; session: number }[] = [];
    let count = 0;
    for (const templateId of templates)
      for (const status of states)
        for (let back = 0; back < 2; back += 1)
          for (let session = 0; session < 2; session += 1) {
            count += 1;
            const sentAt = new Date(now.getTime() - back * 31 * day);
            made.push({
              id: await insertForm(server.ctx.db, { companyId, templateId, reference: `SBS-${count}`, title: 'Counted', status, sentAt }),
              session,
            });
          }

    // Each count row written takes 10 ms: the statements of both sessions are under way at once.
    await server.ctx.db.execute(`
      create function slow_count_row() returns trigger language plpgsql as $$ begin perform pg_sleep(0.01); return new; end; $$;
      create trigger slow_count_row before insert or update on form_counts for each row execute function slow_count_row();`);
    const sorting = new pg.Client({ connectionString: url });
    const hashing = new pg.Client({ connectionString: url });
    sessions.push(sorting, hashing);
    await Promise.all(sessions.map((session) => session.connect()));
    await sorting.query('set enable_hashagg = off');
    await hashing.query('set enable_sort = off');

    const failures: string[] = [];
    const complete = async (session: pg.Client, ids: number[]): Promise<void> => {
      for (const id of ids) {
        try {
          await session.query('begin');
          await session.query(`update forms set status = 'completed', completed_at = $2 where id = $1`, [id, now]);
          await session.query('commit');
        } catch (error) {
          await session.query('rollback');
          failures.push(error instanceof Error ? error.message : String(error));
        }
      }
    };
    await Promise.all(
      [sorting, hashing].map((session, index) =>
        complete(
          session,
          made.filter((form) => form.session === index).map((form) => form.id),
        ),
      ),
    );
    expect(failures).toEqual([]);
    await expectCountsExact(server.ctx.db, companyId);
  }, 60_000);
});
