/**
 * On PostgreSQL, a connection waiting in the pool that the server ends (a restart, a fail-over,
 * an administrator's terminate) neither ends the process (Vitest fails the run on an uncaught
 * error) nor fails the next query.
 */
import { describe, expect, inject, it } from 'vitest';
import { withPostgresClient } from '../src/db/database.js';
import { cloneTemplate, testDatabaseKind } from './support/test-databases.js';

describe.runIf(testDatabaseKind() === 'postgres')('the pool of PostgreSQL connections', () => {
  it('drops a waiting connection the server ended, and answers the next query on a new one', async () => {
    const database = await cloneTemplate(inject('formsignTemplate'));
    try {
      const [waiting] = (await database.query('select pg_backend_pid() as pid')).rows as { pid: number }[];
      await withPostgresClient(database.connectionString ?? '', async (client) => {
        await client.query('select pg_terminate_backend($1)', [waiting?.pid]);
        // Until the server has ended it, and so told the waiting connection.
        while ((await client.query('select 1 from pg_stat_activity where pid = $1', [waiting?.pid])).rowCount)
          await client.query('select pg_sleep(0.01)');
      });
      expect((await database.query('select 1 as one')).rows).toEqual([{ one: 1 }]);
    } finally {
      await database.close();
    }
  });
});
