/**
 * `npm run bench:reports -w @formsign/server`: the lists and reports that read forms and the
 * audit trail, timed on one organisation with 100,000 forms (80% completed, over a year),
 * about 440,000 audit events, 10,000 supporting documents and 2,000 stored files, and a basic
 * user who sent or signs 1,400 of the forms (the lists they see read only those). Runs on an
 * in-memory embedded database, or on PostgreSQL with DATABASE_URL (a database it may fill:
 * it creates its own organisation). Prints the median of a few runs of each call, through
 * the HTTP layer (validation included), what counting the dashboard's forms again costs (a
 * change of time zone), the analysis asked first after a change of a template's submissions
 * (nothing kept under the new version), and the plan of the slowest queries with --plans (the
 * dashboard's months counted from the forms, as it did before its counts were kept, and from
 * the counts; the analysis's grouping of a template's submissions).
 *
 *   FORMS=20000 npm run bench:reports -w @formsign/server
 */
import { randomBytes } from 'node:crypto';
import { pino } from 'pino';
import { buildApp } from '../src/app.js';
import { keysFrom } from '../src/auth/keys.js';
import { passwords } from '../src/auth/passwords.js';
import { readConfig } from '../src/config.js';
import type { ServerContext } from '../src/context.js';
import { embedded, migrateDatabase, newEmbeddedClient, openPostgres, type OpenDatabase } from '../src/db/database.js';
import { memoryFileStore } from '../src/files/file-store.js';
import { fileWork } from '../src/files/file-work.js';
import { outboundClient } from '../src/http/outbound.js';
import { defaultSettings } from '../src/companies/settings.js';

const formCount = Number(process.env['FORMS'] ?? 100_000);
const runs = Number(process.env['RUNS'] ?? 3);
const showPlans = process.argv.includes('--plans');

const fields = [
  { name: 'employee', label: 'Employee', type: 'text', required: true },
  { name: 'site', label: 'Site', type: 'select', required: true, options: ['Harbour House', 'Elm Court', 'Riverside Lodge', 'Meadow View'] },
  { name: 'hours', label: 'Hours', type: 'number', required: true },
  { name: 'week_ending', label: 'Week ending', type: 'date', required: true },
  { name: 'approved', label: 'Approved', type: 'checkbox', required: false },
  { name: 'notes', label: 'Notes', type: 'textarea', required: false },
];

async function open(): Promise<OpenDatabase> {
  const url = process.env['DATABASE_URL'];
  return url ? openPostgres(url, 4) : embedded(newEmbeddedClient());
}

async function timed<T>(label: string, work: () => Promise<T>): Promise<T> {
  const start = performance.now();
  const result = await work();
  console.log(`${label.padEnd(44)} ${((performance.now() - start) / 1000).toFixed(1)} s`);
  return result;
}

async function fill(database: OpenDatabase, companyId: number): Promise<void> {
  const q = database.query;
  await timed('templates', () =>
    q(`insert into templates (company_id, title, fields) select $1, 'Template ' || lpad(g::text, 2, '0'), $2::jsonb from generate_series(1, 14) g`, [
      companyId,
      JSON.stringify(fields),
    ]),
  );
  await timed(`${formCount.toLocaleString('en-GB')} forms`, () =>
    q(
      `insert into forms (company_id, template_id, reference, title, status, sender_name, fields, values, sent_at, completed_at, created_at, updated_at)
       select $1, t.id, 'BR-' || lpad(g::text, 6, '0'), t.title,
              case when g % 10 < 8 then 'completed' when g % 10 = 8 then 'in_progress' else 'sent' end,
              'Sender ' || (g % 50), t.fields,
              jsonb_build_object('employee', 'Employee ' || (g % 200), 'site', (array['Harbour House','Elm Court','Riverside Lodge','Meadow View'])[g % 4 + 1],
                                 'hours', 10 + g % 40, 'approved', g % 7 <> 0, 'week_ending', (date '2026-01-04' + (g % 52) * 7)::text, 'notes', case when g % 9 = 0 then 'Covered a late shift' else '' end),
              s.sent_at,
              case when g % 10 < 8 then s.sent_at + ((g % 72) + 1) * interval '1 hour' end,
              s.sent_at - interval '1 hour', s.sent_at
         from generate_series(1, $2) g
         cross join lateral (select now() - (g % 365) * interval '1 day' - (g % 24) * interval '1 hour' as sent_at) s
         join (select id, title, fields, row_number() over (order by id) - 1 as n from templates where company_id = $1) t on t.n = (g * 7 + g / 13) % 14`,
      [companyId, formCount],
    ),
  );
  await timed('audit events of the forms', () =>
    q(
      `insert into audit_events (company_id, actor, source, event, target, form_id, ip, at)
       select f.company_id, 'Person ' || (f.id % 300), 'user', e.event, f.title || ' ' || f.reference, f.id, '81.2.' || (f.id % 250) || '.' || (f.id % 200), f.sent_at + e.after
         from forms f
         cross join (values ('created', interval '-1 hour', false), ('sent', interval '0', false), ('opened', interval '2 hours', true), ('signed', interval '3 hours', true), ('completed', interval '4 hours', true)) e(event, after, done)
        where f.company_id = $1 and (not e.done or f.status = 'completed' or e.event = 'opened')`,
      [companyId],
    ),
  );
  await timed('system events', () =>
    q(
      `insert into audit_events (company_id, actor, source, level, event, target, details, at) select $1, '', 'system', (array['info','warning','error'])[g % 3 + 1], 'system', 'scheduler', jsonb_build_object('message', 'Reminder emails sent ' || g), now() - g * interval '4 hours' from generate_series(1, 2000) g`,
      [companyId],
    ),
  );
  await timed('supporting documents', () =>
    q(
      `insert into documents (company_id, form_id, name, mime, size, file_key, uploaded_by, uploaded_at) select company_id, id, 'Receipt ' || id || '.pdf', 'application/pdf', 1000 + id % 5000, 'forms/' || id || '/receipt.pdf', sender_name, sent_at + interval '1 hour' from forms where company_id = $1 and id % 10 = 0`,
      [companyId],
    ),
  );
  await timed('stored files', () =>
    q(
      `insert into stored_files (company_id, folder, name, mime, size, file_key, created_by) select $1, (array['', 'Care', 'HR', 'Care/2026', 'Post Office/Template 01'])[g % 5 + 1], 'File ' || g || '.pdf', 'application/pdf', 100000 + g, 'storage/bench/' || g || '.pdf', 'Bench' from generate_series(1, 2000) g`,
      [companyId],
    ),
  );
  await timed("a basic user's own forms", async () => {
    // A basic user who sent one form in 250 and signs one in 100: the lists they see read only those.
    await q(`update forms set sender_id = (select id from users where company_id = $1 and role = 'basic') where company_id = $1 and id % 250 = 1`, [
      companyId,
    ]);
    await q(
      `insert into form_recipients (form_id, company_id, "order", action, name, email, user_id, status, page_id, token_hash)
       select f.id, f.company_id, 1, 'sign', 'Bench Basic', u.email, u.id, case when f.status = 'completed' then 'signed' else 'open' end, 'bench-' || f.id, 'bench'
         from forms f join users u on u.company_id = f.company_id and u.role = 'basic'
        where f.company_id = $1 and f.id % 100 = 0`,
      [companyId],
    );
  });
  await timed('analyze', () => q('analyze'));
}

const asBasic = (body: unknown): boolean => typeof body === 'object' && body !== null && 'as' in body && body.as === 'basic';
const withoutAs = (body: unknown): object => Object.fromEntries(Object.entries(body as object).filter(([key]) => key !== 'as'));

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
}

async function main(): Promise<void> {
  const database = await open();
  await migrateDatabase(database);
  const secret = randomBytes(32).toString('base64url');
  const hasher = passwords({ memoryCost: 1024, timeCost: 1 });
  const files = memoryFileStore();
  const ctx: ServerContext = {
    db: database.db,
    config: { ...readConfig({ FORMSIGN_SECRET: secret }), demo: false },
    keys: keysFrom(secret),
    passwords: hasher,
    mail: { send: async () => undefined, sendAll: async () => undefined, sendNow: async () => undefined },
    files,
    // Nothing here completes a form: no job is queued.
    jobs: {
      enqueue: () => Promise.reject(new Error('The reports benchmark runs no jobs.')),
      enqueueAll: () => Promise.reject(new Error('The reports benchmark runs no jobs.')),
    },
    fileWork: fileWork(),
    outbound: outboundClient(),
    signing: () => Promise.reject(new Error('The reports benchmark seals nothing.')),
    now: () => new Date(),
    log: pino({ level: 'silent' }),
  };
  const name = `bench-${randomBytes(3).toString('hex')}`;
  const [company] = (
    await database.query(`insert into companies (name, settings) values ($1, $2::jsonb) returning id`, [
      'Bench Reports Ltd',
      JSON.stringify(defaultSettings()),
    ])
  ).rows as { id: number }[];
  const companyId = Number(company?.id);
  await database.query(
    `insert into users (company_id, name, email, password_hash, role, class, activated_at, first_name, last_name) values ($1, $2, $3, $4, 'admin', 'Administrator', now(), 'Bench', 'Admin')`,
    [companyId, name, `${name}@bench.example`, await hasher.hash('bench-password-1')],
  );
  await database.query(
    `insert into users (company_id, name, email, password_hash, role, class, activated_at, first_name, last_name) values ($1, $2, $3, $4, 'basic', 'Staff', now(), 'Bench', 'Basic')`,
    [companyId, `${name}-basic`, `${name}-basic@bench.example`, await hasher.hash('bench-password-1')],
  );
  console.log(`Filling ${database.kind === 'embedded' ? 'an embedded database (PGlite, in memory)' : 'PostgreSQL'}:`);
  await fill(database, companyId);

  const app = await buildApp(ctx, { webRoot: null, rateLimits: {} });
  await app.ready();
  const login = await app.inject({ method: 'POST', url: '/api/login', payload: { name, password: 'bench-password-1', challenge: false } });
  const token = (JSON.parse(login.body) as { token: string }).token;
  const headers = { authorization: `Bearer ${token}`, 'x-xsrf-token': 'bench', cookie: 'XSRF-TOKEN=bench' };
  const basicLogin = await app.inject({
    method: 'POST',
    url: '/api/login',
    payload: { name: `${name}-basic`, password: 'bench-password-1', challenge: false },
  });
  const basicHeaders = { ...headers, authorization: `Bearer ${(JSON.parse(basicLogin.body) as { token: string }).token}` };
  const [template] = (await database.query(`select id from templates where company_id = $1 order by title limit 1`, [companyId])).rows as {
    id: number;
  }[];
  const t = Number(template?.id);

  /** A call: what it is, its address, and its body (a POST, by the basic user with `as: 'basic'`) or `basic` (a GET by the basic user). */
  const calls: [string, string, unknown?][] = [
    ['action records, first page', '/fetch-logs'],
    ['action records, page 400', '/fetch-logs?page=400'],
    ['action records, searched', '/fetch-logs?filters[search]=Person 12'],
    ['action records, a week', '/fetch-logs?filters[from]=2026-03-02&filters[to]=2026-03-08'],
    ['action records, sorted by user', '/fetch-logs?filters[sort]=user'],
    ['system log', '/fetch-logs?filters[source]=system'],
    ['form audit, first page', '/fetch-formaudit'],
    ['form audit, one event', '/fetch-formaudit?filters[event]=signed'],
    ['form audit, one template', `/fetch-formaudit?filters[template]=${t}`],
    ['form audit, one form', '/fetch-formaudit?filters[search]=BR-050000'],
    ['dashboard: forms per month', '/get-dashboard', { selectedChart: 'formsPerMonth' }],
    ['dashboard: forms by status', '/get-dashboard', { selectedChart: 'formsByStatus' }],
    ['dashboard: forms by template', '/get-dashboard', { selectedChart: 'formsByTemplate' }],
    ['dashboard: signing time', '/get-dashboard', { selectedChart: 'signingTime' }],
    ['basic user: dashboard, forms per month', '/get-dashboard', { selectedChart: 'formsPerMonth', as: 'basic' }],
    ['analysis: count', `/pivot-details?template=${t}&row=site&column=approved`],
    ['analysis: sum of hours by employee', `/pivot-details?template=${t}&row=employee&column=site&value=hours`],
    ['database, all templates', '/database-forms'],
    ['database, one template', `/database-forms?filters[template]=${t}`],
    ['database, one template, sum', `/database-forms?filters[template]=${t}&rows=employee,hours&func=sum`],
    ['database, searched', '/database-forms?filters[search]=Employee 17'],
    ['database, sorted by a field', `/database-forms?filters[template]=${t}&filters[sort]=hours&filters[order]=desc`],
    ['database, page 2000', '/database-forms?page=2000&limit=25'],
    ['export, one template (whole CSV)', `/get-exports?filters[template]=${t}`],
    ['supporting documents', '/get-alldocuments'],
    ['supporting documents, searched', '/get-alldocuments?filters[search]=Receipt 4242'],
    ['storage, root folder', '/manage-storage'],
    ['basic user: completed forms', '/completed-forms', 'basic'],
    ['basic user: workflow', '/workflow', 'basic'],
    ['basic user: database, all templates', '/database-forms', 'basic'],
    ['basic user: export, one template', `/get-exports?filters[template]=${t}`, 'basic'],
    ['basic user: supporting documents', '/get-alldocuments', 'basic'],
    ['basic user: storage, root folder', '/manage-storage', 'basic'],
  ];
  console.log(`\nMedian of ${runs} runs (after one warm-up), ${formCount.toLocaleString('en-GB')} forms:`);
  for (const [label, url, body] of calls) {
    const inject = () =>
      body && body !== 'basic'
        ? app.inject({ method: 'POST', url: `/api${url}`, headers: asBasic(body) ? basicHeaders : headers, payload: withoutAs(body) })
        : app.inject({ method: 'GET', url: `/api${encodeURI(url)}`, headers: body === 'basic' ? basicHeaders : headers });
    const first = await inject();
    if (first.statusCode !== 200) throw new Error(`${label}: ${first.statusCode} ${first.body.slice(0, 200)}`);
    const times: number[] = [];
    for (let i = 0; i < runs; i += 1) {
      const start = performance.now();
      await inject();
      times.push(performance.now() - start);
    }
    const size = first.headers['content-type']?.toString().startsWith('text/csv') ? ` (${first.body.split('\r\n').length - 2} rows)` : '';
    console.log(`${label.padEnd(44)} ${median(times).toFixed(1).padStart(8)} ms${size}`);
  }
  // The analysis asked first after a change of the template's submissions: nothing is kept
  // under the new version, so it groups the forms (the calls above were answered from what
  // their warm-up kept).
  for (const [label, url] of [
    ['analysis after a change: count', `/pivot-details?template=${t}&row=site&column=approved`],
    ['analysis after a change: sum of hours', `/pivot-details?template=${t}&row=employee&column=site&value=hours`],
  ] as const) {
    const times: number[] = [];
    for (let i = 0; i < runs; i += 1) {
      await database.query(
        `insert into submission_versions (company_id, template_id) values ($1, $2) on conflict (company_id, template_id) do update set version = submission_versions.version + 1`,
        [companyId, t],
      );
      const start = performance.now();
      const answer = await app.inject({ method: 'GET', url: `/api${encodeURI(url)}`, headers });
      times.push(performance.now() - start);
      if (answer.statusCode !== 200) throw new Error(`${label}: ${answer.statusCode} ${answer.body.slice(0, 200)}`);
    }
    console.log(`${label.padEnd(44)} ${median(times).toFixed(1).padStart(8)} ms`);
  }
  // What a change of the company's time zone costs once: every form counted again.
  await timed('form counts made again (another time zone)', () =>
    database.query(`select form_counts_rebuild($1::int, 'America/St_Johns')`, [companyId]),
  );
  await database.query(`select form_counts_rebuild($1::int, 'Europe/London')`, [companyId]);
  if (showPlans) {
    console.log('\nPlans:');
    for (const [label, sql] of [
      ['count of the action records', `explain analyze select count(*) from audit_events where company_id = ${companyId} and source = 'user'`],
      [
        'sent per month, counting the forms (the dashboard before its counts were kept)',
        `explain analyze select date_trunc('month', sent_at at time zone 'Europe/London'), count(*) from forms where company_id = ${companyId} and deleted_at is null and sent_at >= now() - interval '1 year' group by 1`,
      ],
      [
        'sent and completed per month, from the kept counts',
        `explain analyze select kind, month, sum(forms) from form_counts where company_id = ${companyId} and month >= (now() - interval '1 year')::date group by 1, 2 having sum(forms) > 0`,
      ],
      [
        "a template's submissions grouped by two answers (the analysis when nothing is kept)",
        `explain analyze select values ->> 'site', values ->> 'approved', count(*) from forms where company_id = ${companyId} and status = 'completed' and completed_at is not null and deleted_at is null and template_id = ${t} group by 1, 2`,
      ],
      [
        'a form searched in the form audit',
        `explain analyze select count(*) from audit_events where company_id = ${companyId} and form_id is not null and (form_id = any(array(select id from forms where company_id = ${companyId} and (reference || ' ' || title || ' ' || sender_name) ilike '%BR-050000%')) or (actor || ' ' || target) ilike '%BR-050000%')`,
      ],
    ] as const) {
      console.log(`-- ${label}`);
      for (const row of (await database.query(sql)).rows) console.log(`   ${String(Object.values(row)[0])}`);
    }
  }
  await app.close();
  if (database.kind === 'postgres') {
    await database.query(`delete from companies where id = $1`, [companyId]);
  }
  await database.close();
}

await main();
