/**
 * `npm run seed -- --forms N [--organisations K]`: fills the configured database (the data
 * folder, or DATABASE_URL) with N realistic forms spread over K organisations made for the
 * purpose ("Bench Organisation 1", ...; one per 25,000 forms by default), each with an
 * administrator (`bench.admin.<k>`, password `formsign-demo`), a few colleagues and the demo
 * templates, and the completed forms' files (supporting documents and the document storage,
 * rows sharing one stored file). A new database gets the demo organisation first, as `npm start` would.
 */
import { parseArgs } from 'node:util';
import { passwords } from '../src/auth/passwords.js';
import { readConfig } from '../src/config.js';
import { migrateDatabase, type OpenDatabase } from '../src/db/database.js';
import { companies, templates, users } from '../src/db/schema.js';
import { defaultSettings } from '../src/companies/settings.js';
import { demoPassword } from '../src/seed/demo.js';
import { demoTemplates } from '../src/seed/demo-forms.js';
import { seedFirstStart } from '../src/seed/first-start.js';
import { generateForms } from '../src/seed/forms-generator.js';
import { openDatabase } from '../src/server.js';

export interface SeedResult {
  organisations: { id: number; admin: string }[];
  forms: number;
  seconds: number;
}

/** The sealed PDF every seeded document and stored file points at: the lists read their rows, never the file. */
const seededFileKey = 'seed/shared.pdf';

/**
 * The files of the completed forms: their seal, two supporting documents each (a receipt and
 * evidence) and the form saved to the document storage, in its organisation's root folder. Rows only,
 * all pointing at one stored file, so that Supporting Documents and the storage are measured
 * at the scale of the forms.
 */
async function seedFiles(database: OpenDatabase, companyIds: number[]): Promise<void> {
  const ids = `{${companyIds.join(',')}}`;
  await database.query(
    `insert into documents (company_id, form_id, field, name, mime, size, file_key, uploaded_by, uploaded_at)
     select f.company_id, f.id, a.field, initcap(a.field) || ' ' || f.reference || '.pdf', 'application/pdf', 48000 + f.id % 1000 * 100, $2, f.sender_name,
            coalesce(f.completed_at, f.updated_at) - interval '1 hour'
       from forms f cross join (values ('receipt'), ('evidence')) as a(field)
      where f.company_id = any($1::int[]) and f.status = 'completed'`,
    [ids, seededFileKey],
  );
  // The completed forms are sealed, as a year of them would be (each with checksums of its own):
  // a server started on the seeded database has no backlog of thousands of seals to work
  // through, which would otherwise take its cores for many minutes and be measured with the load.
  await database.query(
    `update forms
        set sealed_key = $2,
            original_sha256 = encode(sha256(convert_to('seed original ' || id, 'UTF8')), 'hex'),
            sealed_sha256 = encode(sha256(convert_to('seed sealed ' || id, 'UTF8')), 'hex'),
            sealed_at = coalesce(completed_at, updated_at)
      where company_id = any($1::int[]) and status = 'completed'`,
    [ids, seededFileKey],
  );
  await database.query(
    `insert into stored_files (company_id, folder, name, mime, size, file_key, form_id, created_by, created_at)
     select f.company_id, '', f.title || ' ' || f.reference || '.pdf', 'application/pdf', 120000 + f.id % 1000 * 100, $2, f.id, 'formsign', coalesce(f.completed_at, f.updated_at)
       from forms f
      where f.company_id = any($1::int[]) and f.status = 'completed'`,
    [ids, seededFileKey],
  );
}

export async function seedForms(
  count: number,
  organisations = Math.max(1, Math.ceil(count / 25_000)),
  log: (line: string) => void = console.log,
): Promise<SeedResult> {
  const config = readConfig();
  const database = await openDatabase(config);
  const started = performance.now();
  try {
    await migrateDatabase(database);
    const hasher = passwords();
    await seedFirstStart(database.db, config, hasher, new Date());
    const hash = await hasher.hash(demoPassword);
    const made: SeedResult['organisations'] = [];
    const now = new Date();
    for (let k = 1; k <= organisations; k += 1) {
      const share = Math.floor(count / organisations) + (k <= count % organisations ? 1 : 0);
      const company = await database.db.transaction(async (tx) => {
        const [row] = await tx
          .insert(companies)
          .values({ name: `Bench Organisation ${k} Ltd`, envelopesBought: share + 1000, envelopesUsed: share, settings: defaultSettings() })
          .returning();
        if (!row) throw new Error('The organisation was not made.');
        const people = await tx
          .insert(users)
          .values(
            ['admin', 'ana', 'ben', 'cara', 'dev'].map((who, index) => ({
              companyId: row.id,
              name: `bench.${who}.${row.id}`,
              email: `bench.${who}.${row.id}@bench.example`,
              passwordHash: hash,
              passwordChangedAt: now,
              firstName: who[0]?.toUpperCase() + who.slice(1),
              lastName: `Bench${row.id}`,
              role: index === 0 ? ('admin' as const) : ('basic' as const),
              class: index === 0 ? 'Administrator' : 'Staff',
              activatedAt: now,
            })),
          )
          .returning({ id: users.id, name: users.name, first: users.firstName, last: users.lastName, email: users.email });
        const made = await tx
          .insert(templates)
          .values(
            demoTemplates
              .filter((template) => template.status !== 'archived')
              .map((template) => ({
                companyId: row.id,
                title: template.title,
                description: template.description,
                fields: template.fields,
                steps: template.steps.map(({ user, ...step }) => ({ ...step, userId: user ? (people[0]?.id ?? null) : null })),
                sequential: true,
              })),
          )
          .returning();
        return { row, people, templates: made };
      });
      const person = (index: number) => {
        const user = company.people[index];
        if (!user) throw new Error('A bench user is missing.');
        return { id: user.id, name: `${user.first} ${user.last}`, email: user.email };
      };
      const result = await generateForms(database.db, {
        companyId: company.row.id,
        companyName: company.row.name,
        templates: company.templates,
        senders: [person(0), person(1)],
        signers: [person(2), person(3), person(4), { id: null, name: 'Outside Signer', email: 'outside.signer@mail.example' }],
        approvers: [person(0)],
        count: share,
        now,
        seed: k,
        chunk: 1000,
      });
      made.push({ id: company.row.id, admin: `bench.admin.${company.row.id}` });
      log(
        `Bench Organisation ${k}: ${result.forms} forms, ${result.recipients} recipients, ${result.events} audit events (${((performance.now() - started) / 1000).toFixed(0)} s).`,
      );
    }
    await seedFiles(
      database,
      made.map((organisation) => organisation.id),
    );
    // Fresh statistics for the planner, and the pages marked all-visible (so that counts and
    // deep pages are read from the indexes alone), as in a database in use for a while.
    await database.query('vacuum analyze');
    return { organisations: made, forms: count, seconds: (performance.now() - started) / 1000 };
  } finally {
    await database.close();
  }
}

const isMain = process.argv[1]?.endsWith('seed.ts');
if (isMain) {
  const { values } = parseArgs({ options: { forms: { type: 'string' }, organisations: { type: 'string' } }, allowPositionals: true });
  const count = Number(values.forms ?? 0);
  if (!Number.isInteger(count) || count < 1) {
    console.error('Say how many forms: npm run seed -- --forms 100000');
    process.exit(1);
  }
  const result = await seedForms(count, values.organisations ? Number(values.organisations) : undefined);
  console.log(
    `Seeded ${result.forms} forms in ${result.organisations.length} organisation(s) in ${result.seconds.toFixed(0)} s. Sign in as ${result.organisations.map((org) => org.admin).join(', ')} (password ${demoPassword}).`,
  );
}
