/**
 * The embedded database in its own thread behaves as PGlite in the server's thread did: results
 * and their types, PostgreSQL's error codes, transactions (committed, rolled back, savepoints),
 * one session that a transaction holds while other queries wait, and closing. The server's own
 * path (a data folder, SIGTERM, requests answered while a query runs) is in lifecycle.test.ts.
 */
import { readFile } from 'node:fs/promises';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { openEmbeddedInMemory, type OpenDatabase } from '../src/db/database.js';
import { EmbeddedThread } from '../src/db/embedded-thread.js';
import { isUniqueViolation } from '../src/db/errors.js';
import { rawRows } from '../src/db/raw-rows.js';
import { testDatabaseKind } from './support/test-databases.js';

describe.runIf(testDatabaseKind() === 'embedded')('the embedded database in its own thread', () => {
  let database: OpenDatabase;

  beforeAll(async () => {
    // The suite's template (no new database to make: that takes PGlite seconds).
    const dump = await readFile(inject('formsignTemplate').location);
    database = await openEmbeddedInMemory(dump.buffer.slice(dump.byteOffset, dump.byteOffset + dump.byteLength));
    await database.query('create table items (id int primary key, name text not null, at timestamptz not null default now(), data jsonb, raw bytea)');
  });
  afterAll(() => database.close());

  const names = async () => (await rawRows<{ name: string }>(database.db, sql`select name from items order by id`)).map((row) => row.name);

  it('answers rows with the types PGlite gives, timestamps as Drizzle reads them', async () => {
    await database.db.execute(
      sql`insert into items (id, name, data, raw) values (1, 'one', ${JSON.stringify({ a: [1, 2] })}::jsonb, ${new Uint8Array([1, 2, 3])})`,
    );
    const [row] = await rawRows<{ id: number; name: string; at: unknown; data: unknown; raw: unknown }>(
      database.db,
      sql`select * from items where id = 1`,
    );
    expect(row).toMatchObject({ id: 1, name: 'one', data: { a: [1, 2] } });
    expect(row?.raw).toEqual(new Uint8Array([1, 2, 3]));
    // Drizzle asks for timestamps as PostgreSQL's text and makes the dates itself.
    expect(typeof row?.at).toBe('string');
    expect((await database.query('select $1::int + 1 as n', [41])).rows).toEqual([{ n: 42 }]);
  });

  it("keeps PostgreSQL's error codes and details across the thread", async () => {
    const failure = await database.db.execute(sql`insert into items (id, name) values (1, 'again')`).catch((error: unknown) => error);
    expect(isUniqueViolation(failure)).toBe(true);
    const cause = (failure as { cause?: { constraint?: string; table?: string } }).cause;
    expect(cause).toMatchObject({ constraint: 'items_pkey', table: 'items' });
    await expect(database.query('select nonsense from nowhere')).rejects.toMatchObject({ code: '42P01' });
  });

  it('commits a transaction, rolls one back when it throws, and rolls back a savepoint alone', async () => {
    await database.db.transaction(async (tx) => {
      await tx.execute(sql`insert into items (id, name) values (2, 'two')`);
      await tx.execute(sql`select pg_advisory_xact_lock(7)`);
      await tx.execute(sql`select id from items where id = 1 for update`);
    });
    await expect(
      database.db.transaction(async (tx) => {
        await tx.execute(sql`insert into items (id, name) values (3, 'three')`);
        throw new Error('changed my mind');
      }),
    ).rejects.toThrow('changed my mind');
    await database.db.transaction(async (tx) => {
      await tx.execute(sql`insert into items (id, name) values (4, 'four')`);
      await tx
        .transaction(async (inner) => {
          await inner.execute(sql`insert into items (id, name) values (5, 'five')`);
          throw new Error('not this one');
        })
        .catch(() => undefined);
    });
    expect(await names()).toEqual(['one', 'two', 'four']);
    // A failed statement inside a transaction aborts it, and the whole of it is rolled back.
    await expect(
      database.db.transaction(async (tx) => {
        await tx.execute(sql`insert into items (id, name) values (6, 'six')`);
        await tx.execute(sql`insert into items (id, name) values (1, 'duplicate')`);
      }),
    ).rejects.toSatisfy(isUniqueViolation);
    expect(await names()).toEqual(['one', 'two', 'four']);
  });

  it('is one session: a query from outside a transaction waits for its end and sees its commit', async () => {
    const order: string[] = [];
    let outside: Promise<void> = Promise.resolve();
    await database.db.transaction(async (tx) => {
      await tx.execute(sql`insert into items (id, name) values (7, 'seven')`);
      outside = names().then((seen) => {
        order.push(`outside saw ${seen.length}`);
      });
      await tx.execute(sql`select pg_sleep(0.05)`);
      order.push('transaction done');
    });
    await outside;
    expect(order).toEqual(['transaction done', 'outside saw 4']);
  });

  it('refuses queries once closed', async () => {
    await database.close();
    await expect(database.query('select 1')).rejects.toThrow(/closed/);
  });

  it('gives a thread whose database was closed a new one from a dump, and only then', async () => {
    const dump = async () => {
      const file = await readFile(inject('formsignTemplate').location);
      return file.buffer.slice(file.byteOffset, file.byteOffset + file.byteLength);
    };
    const thread = await EmbeddedThread.start({ dump: await dump() });
    try {
      await thread.query('create table kept (id int)');
      await expect(thread.load(await dump())).rejects.toThrow(/close it before loading another/);
      await thread.closeDatabase();
      await expect(thread.query('select 1')).rejects.toThrow(/not open/);
      await thread.load(await dump());
      // The template again: what the first database made is not there.
      expect((await thread.query("select to_regclass('kept') as kept")).rows).toEqual([{ kept: null }]);
      expect((await thread.query('select count(*)::int as n from users')).rows).toEqual([{ n: expect.any(Number) }]);
    } finally {
      await thread.close();
    }
  });
});
