import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditEvents, timeEntries, users, visitors } from '../src/db/schema.js';
import { otherCompany } from './support/fixtures.js';
import { useTestServer, type Json } from './support/test-server.js';

const server = useTestServer();

const hour = 60 * 60_000;

async function staffList(token: string): Promise<Json[]> {
  const answer = await server.call('/staffget', { token });
  expect(answer.status).toBe(200);
  return answer.body.data;
}

async function staffNamed(token: string, name: string): Promise<Json> {
  return (await staffList(token)).find((person) => person.name === name);
}

async function record(token: string, data: Record<string, unknown>): Promise<Json> {
  return server.call('/tna', { token, body: { data: { action: 'record', ...data } } });
}

/** The entry just recorded: the newest of those an answer lists (others may be timed later by a test's clock). */
function recorded(answer: Json): Json {
  return [...answer.body.data].sort((a: Json, b: Json) => b.id - a.id)[0];
}

async function visitorsOf(token: string): Promise<Json[]> {
  return (await server.call('/visitorget', { token })).body.data;
}

describe('staff', () => {
  it("are the company's users who are not blocked, each with whether they are in now", async () => {
    const { token } = await server.signIn('demo.admin');
    const staff = await staffList(token);
    const names = staff.map((person) => person.name);
    expect(names).toEqual(expect.arrayContaining(['Olivia Bennett', 'Liam Carter', 'Amelia Hughes', 'Noah Patel']));
    expect(names).not.toContain('Freya Wilson');
    expect(names).not.toContain('Grace Okafor');
    expect(staff.find((person) => person.name === 'Maya Fischer')).toMatchObject({ role: 'Staff', unit: 'Riverside House, Night shift' });
    expect(staff.find((person) => person.name === 'Olivia Bennett')).toMatchObject({ role: 'Operations Director', unit: '' });
  });

  it('are in after clocking in today, and out after clocking out', async () => {
    const { token } = await server.signIn('demo.admin');
    const noah = await staffNamed(token, 'Noah Patel');
    expect(noah).toMatchObject({ present: false, last_entry: null });

    const clockedIn = await record(token, { kind: 'staff', person: noah.id, direction: 'in', note: '' });
    expect(clockedIn.body).toMatchObject({ code: 1, message: '' });
    expect(recorded(clockedIn)).toMatchObject({ kind: 'staff', person: noah.id, name: 'Noah Patel', direction: 'in', recorded_by: 'Olivia Bennett' });
    const inNow = await staffNamed(token, 'Noah Patel');
    expect(inNow.present).toBe(true);
    expect(inNow.last_entry).toBe(recorded(clockedIn).at);

    server.clock.advance(8 * hour);
    const later = await server.signIn('demo.admin');
    await record(later.token, { kind: 'staff', person: noah.id, direction: 'out', note: 'Went home' });
    expect(await staffNamed(later.token, 'Noah Patel')).toMatchObject({ present: false });
  });

  it('are not in today when their last clocking in was yesterday', async () => {
    const { token } = await server.signIn('demo.admin');
    const tess = await staffNamed(token, 'Tess Otp');
    const yesterday = new Date(server.clock.now().getTime() - 30 * hour);
    await server.ctx.db.insert(timeEntries).values({
      companyId: await companyIdOf('totp.user'),
      kind: 'staff',
      person: tess.id,
      name: 'Tess Otp',
      direction: 'in',
      at: yesterday,
      recordedBy: 'Self',
    });
    expect(await staffNamed(token, 'Tess Otp')).toMatchObject({ present: false, last_entry: yesterday.toISOString() });
  });
});

async function companyIdOf(login: string): Promise<number> {
  const [row] = await server.ctx.db.select({ companyId: users.companyId }).from(users).where(eq(users.name, login));
  if (!row) throw new Error(`No user ${login}`);
  return row.companyId;
}

describe('visitors', () => {
  it('arrive by name (a new visit), leave (the visit ends), and come back (a new visit)', async () => {
    const { token } = await server.signIn('demo.admin');
    const arrived = await record(token, { kind: 'visitor', name: '  Nadia Brennan ', direction: 'in', note: 'Plumber' });
    expect(arrived.body.code).toBe(1);
    const visit = (await visitorsOf(token)).find((one) => one.name === 'Nadia Brennan');
    expect(visit).toMatchObject({ left_at: null, company: '', visiting: '' });
    expect(recorded(arrived)).toMatchObject({ kind: 'visitor', person: visit.id, name: 'Nadia Brennan', direction: 'in', note: 'Plumber' });

    server.clock.advance(50 * 60_000);
    const left = await record(token, { kind: 'visitor', person: visit.id, direction: 'out' });
    expect(left.body.code).toBe(1);
    const after = (await visitorsOf(token)).find((one) => one.id === visit.id);
    expect(Date.parse(after.left_at) - Date.parse(after.arrived_at)).toBeGreaterThanOrEqual(50 * 60_000);

    expect((await record(token, { kind: 'visitor', person: visit.id, direction: 'out' })).body).toMatchObject({
      code: -1,
      message: 'Nadia Brennan has already left.',
      data: [],
    });
    const back = await record(token, { kind: 'visitor', person: visit.id, direction: 'in' });
    expect(back.body.code).toBe(1);
    const visits = (await visitorsOf(token)).filter((one) => one.name === 'Nadia Brennan');
    expect(visits).toHaveLength(2);
    expect(visits[0]).toMatchObject({ left_at: null });
    expect(visits[0].id).not.toBe(visit.id);
    expect((await record(token, { kind: 'visitor', person: visits[0].id, direction: 'in' })).body).toMatchObject({
      code: -1,
      message: 'Nadia Brennan is already on site.',
    });
  });

  it('are listed for the last 30 days, newest first', async () => {
    const { token } = await server.signIn('demo.admin');
    const companyId = await companyIdOf('demo.admin');
    const now = server.clock.now().getTime();
    await server.ctx.db.insert(visitors).values([
      { companyId, name: 'Old Acquaintance', arrivedAt: new Date(now - 31 * 24 * hour), leftAt: new Date(now - 31 * 24 * hour + hour) },
      { companyId, name: 'Recent Caller', arrivedAt: new Date(now - 29 * 24 * hour), leftAt: new Date(now - 29 * 24 * hour + hour) },
    ]);
    const list = await visitorsOf(token);
    const names = list.map((one) => one.name);
    expect(names).toContain('Recent Caller');
    expect(names).not.toContain('Old Acquaintance');
    const arrivals = list.map((one) => Date.parse(one.arrived_at));
    expect(arrivals).toEqual([...arrivals].sort((a, b) => b - a));
  });

  it('new by name must arrive first, and need a name', async () => {
    const { token } = await server.signIn('demo.admin');
    expect((await record(token, { kind: 'visitor', name: 'Ghost', direction: 'out' })).body).toMatchObject({
      code: -1,
      message: 'A new visitor is recorded arriving: choose In.',
    });
    expect((await record(token, { kind: 'visitor', name: '   ', direction: 'in' })).body).toMatchObject({
      code: -1,
      message: "Enter the visitor's name.",
    });
    expect((await visitorsOf(token)).map((one) => one.name)).not.toContain('Ghost');
  });
});

describe('the entries of a period', () => {
  it("are today's when no period is given, newest first, and the period's otherwise", async () => {
    const { token } = await server.signIn('demo.admin');
    const liam = await staffNamed(token, 'Liam Carter');
    const entry = recorded(await record(token, { kind: 'staff', person: liam.id, direction: 'out', note: 'Doctor' }));
    expect(entry).toMatchObject({ name: 'Liam Carter', direction: 'out', note: 'Doctor' });
    const today = await server.call('/tna', { token, body: { data: { action: 'list' } } });
    expect(today.body.code).toBe(1);
    expect(today.body.data).toContainEqual(entry);
    const times = today.body.data.map((entry: Json) => Date.parse(entry.at));
    expect(times).toEqual([...times].sort((a, b) => b - a));

    // The demo's four weeks: more entries than today alone, none outside the period.
    const from = new Date(server.clock.now().getTime() - 14 * 24 * hour).toISOString().slice(0, 10);
    const to = new Date(server.clock.now().getTime() - 7 * 24 * hour).toISOString().slice(0, 10);
    const weeks = await server.call('/tna', { token, body: { data: { action: 'list', from, to } } });
    expect(weeks.body.data.length).toBeGreaterThan(10);
    for (const entry of weeks.body.data) {
      expect(Date.parse(entry.at)).toBeGreaterThan(Date.parse(`${from}T00:00:00Z`) - 2 * hour);
      expect(Date.parse(entry.at)).toBeLessThan(Date.parse(`${to}T00:00:00Z`) + 26 * hour);
    }
  });

  it('refuse a period that ends before it starts, or is longer than 92 days', async () => {
    const { token } = await server.signIn('demo.admin');
    expect((await server.call('/tna', { token, body: { data: { action: 'list', from: '2026-03-10', to: '2026-03-01' } } })).body).toEqual({
      code: -1,
      message: 'The start of the period must not be after its end.',
      data: [],
    });
    expect((await server.call('/tna', { token, body: { data: { action: 'list', from: '2026-01-01', to: '2026-06-30' } } })).body).toEqual({
      code: -1,
      message: 'Choose a period of at most 92 days.',
      data: [],
    });
  });
});

describe('recording an entry', () => {
  it('is audited in the same transaction', async () => {
    const { token } = await server.signIn('demo.admin');
    const ruby = await staffNamed(token, 'Ruby Scott');
    await record(token, { kind: 'staff', person: ruby.id, direction: 'in' });
    const events = await server.ctx.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.event, 'time-recorded'), eq(auditEvents.target, 'Ruby Scott')));
    expect(events.at(-1)).toMatchObject({ actor: 'Olivia Bennett', details: { kind: 'staff', person: ruby.id, direction: 'in' } });
  });

  it('lets a basic user clock only themselves in and out', async () => {
    const { token } = await server.signIn('demo.basic');
    const liam = await staffNamed(token, 'Liam Carter');
    const amelia = await staffNamed(token, 'Amelia Hughes');
    const own = await record(token, { kind: 'staff', person: liam.id, direction: 'in' });
    expect(own.body.code).toBe(1);
    expect(recorded(own)).toMatchObject({ name: 'Liam Carter', recorded_by: 'Self' });
    expect((await record(token, { kind: 'staff', person: amelia.id, direction: 'in' })).status).toBe(403);
    expect((await record(token, { kind: 'visitor', name: 'A Friend', direction: 'in' })).status).toBe(403);
  });

  it('refuses someone missing, blocked or unknown', async () => {
    const { token } = await server.signIn('demo.admin');
    expect((await record(token, { kind: 'staff', direction: 'in' })).body).toMatchObject({ code: -1, message: 'Parameter failed.' });
    expect((await record(token, { person: 1, direction: 'in' })).body).toMatchObject({ code: -1, message: 'Parameter failed.' });
    expect((await record(token, { kind: 'staff', person: 999_999, direction: 'in' })).body).toMatchObject({ code: -1 });
    expect((await record(token, { kind: 'visitor', person: 999_999, direction: 'out' })).body).toMatchObject({ code: -1 });
  });

  it("cannot reach another company's people: refused, and nothing is recorded", async () => {
    const grace = await server.signIn(otherCompany.admin, 'harbour-pass-1');
    const harbourStaff = await staffList(grace.token);
    expect(harbourStaff.map((person) => person.name).sort()).toEqual(['Grace Okafor', 'Tom Reid']);
    const tom = harbourStaff.find((person) => person.name === 'Tom Reid');

    const { token } = await server.signIn('demo.admin');
    const before = (await server.call('/tna', { token: grace.token, body: { data: { action: 'list' } } })).body.data.length;
    expect((await record(token, { kind: 'staff', person: tom.id, direction: 'in' })).body).toMatchObject({ code: -1 });
    const nadia = await record(token, { kind: 'visitor', name: 'Only Northwind', direction: 'in' });
    const visitorId = recorded(nadia).person;
    expect((await record(grace.token, { kind: 'visitor', person: visitorId, direction: 'out' })).body).toMatchObject({ code: -1 });
    expect((await server.call('/tna', { token: grace.token, body: { data: { action: 'list' } } })).body.data).toHaveLength(before);
    expect(await visitorsOf(grace.token)).toEqual([]);
    expect(await staffNamed(grace.token, 'Tom Reid')).toMatchObject({ present: false, last_entry: null });
    expect((await visitorsOf(token)).find((one) => one.id === visitorId)).toMatchObject({ left_at: null });
  });
});

describe('the hours report', () => {
  // A summer week in the future (British Summer Time: London is UTC+1), clear of the demo's entries.
  const at = (text: string): Date => new Date(text);

  it('adds each clocking in to the next clocking out, counts late arrivals after 09:00 local time and visits, by person and by day', async () => {
    const { token } = await server.signIn('demo.admin');
    const companyId = await companyIdOf('demo.admin');
    const liam = await staffNamed(token, 'Liam Carter');
    const maya = await staffNamed(token, 'Maya Fischer');
    const entry = (person: Json, direction: 'in' | 'out', when: string) => ({
      companyId,
      kind: 'staff' as const,
      person: person.id,
      name: person.name,
      direction,
      at: at(when),
      recordedBy: 'Self',
    });
    await server.ctx.db.insert(timeEntries).values([
      // Monday: Liam 07:55 to 16:25 local (8.5 h, on time); Maya's night 20:00 to 08:00 (12 h, counted on Monday).
      entry(liam, 'in', '2031-07-07T06:55:00Z'),
      entry(liam, 'out', '2031-07-07T15:25:00Z'),
      entry(maya, 'in', '2031-07-07T19:00:00Z'),
      entry(maya, 'out', '2031-07-08T07:00:00Z'),
      // Tuesday: Liam 09:05 local (late), out at 12:05 (3 h), back 12:35 to 17:35 (5 h; not a second late arrival).
      entry(liam, 'in', '2031-07-08T08:05:00Z'),
      entry(liam, 'out', '2031-07-08T11:05:00Z'),
      entry(liam, 'in', '2031-07-08T11:35:00Z'),
      entry(liam, 'out', '2031-07-08T16:35:00Z'),
      // Wednesday: Liam 08:59 local (on time) and never clocks out; a forgotten clocking out the next evening is not a shift.
      entry(liam, 'in', '2031-07-09T07:59:00Z'),
      entry(liam, 'out', '2031-07-10T17:00:00Z'),
    ]);
    await server.ctx.db.insert(visitors).values([
      {
        companyId,
        name: 'Inspector',
        company: 'Care Quality Commission',
        visiting: 'Liam Carter',
        arrivedAt: at('2031-07-07T09:00:00Z'),
        leftAt: at('2031-07-07T10:00:00Z'),
      },
      { companyId, name: 'Relative', company: 'Family visit', visiting: 'liam carter', arrivedAt: at('2031-07-08T13:00:00Z'), leftAt: null },
      { companyId, name: 'Courier', company: 'Parcels Ltd', visiting: '', arrivedAt: at('2031-07-09T10:00:00Z'), leftAt: at('2031-07-09T10:05:00Z') },
    ]);
    // Another company's entries in the same week are not counted.
    const grace = await server.signIn(otherCompany.admin, 'harbour-pass-1');
    const graceStaff = await staffNamed(grace.token, 'Grace Okafor');
    await server.ctx.db.insert(timeEntries).values([
      {
        companyId: await companyIdOf(otherCompany.admin),
        kind: 'staff',
        person: graceStaff.id,
        name: 'Grace Okafor',
        direction: 'in',
        at: at('2031-07-07T10:00:00Z'),
        recordedBy: 'Self',
      },
      {
        companyId: await companyIdOf(otherCompany.admin),
        kind: 'staff',
        person: graceStaff.id,
        name: 'Grace Okafor',
        direction: 'out',
        at: at('2031-07-07T18:00:00Z'),
        recordedBy: 'Self',
      },
    ]);

    const byPerson = await server.call('/tna_report', { token, body: { data: { from: '2031-07-07', to: '2031-07-09' } } });
    expect(byPerson.body).toEqual({
      from: '2031-07-07',
      to: '2031-07-09',
      group: 'person',
      rows: [
        { key: 'Liam Carter', staff_hours: 16.5, visits: 2, late_arrivals: 1 },
        // A clocking in after 09:00 is late, whatever the shift: the rule knows no shift times.
        { key: 'Maya Fischer', staff_hours: 12, visits: 0, late_arrivals: 1 },
        { key: 'Not named', staff_hours: 0, visits: 1, late_arrivals: 0 },
      ],
    });

    const byDay = await server.call('/tna_report', { token, body: { data: { from: '2031-07-07', to: '2031-07-09', group: 'day' } } });
    expect(byDay.body.rows).toEqual([
      { key: '2031-07-07', staff_hours: 20.5, visits: 1, late_arrivals: 1 },
      { key: '2031-07-08', staff_hours: 8, visits: 1, late_arrivals: 1 },
      { key: '2031-07-09', staff_hours: 0, visits: 1, late_arrivals: 0 },
    ]);

    // Only Monday: Maya's night shift ends after the period and still counts.
    const monday = await server.call('/tna_report', { token, body: { data: { from: '2031-07-07', to: '2031-07-07' } } });
    expect(monday.body.rows).toEqual([
      { key: 'Liam Carter', staff_hours: 8.5, visits: 1, late_arrivals: 0 },
      { key: 'Maya Fischer', staff_hours: 12, visits: 0, late_arrivals: 1 },
    ]);

    // In New York the same clockings in are four hours earlier: Tuesday's 04:05 is not late.
    await server.call('/user', { token, body: { data: { settings: { timezone: 'America/New_York' } } } });
    const inNewYork = await server.call('/tna_report', { token, body: { data: { from: '2031-07-07', to: '2031-07-09' } } });
    expect(inNewYork.body.rows.find((row: Json) => row.key === 'Liam Carter')).toMatchObject({ late_arrivals: 0 });
    await server.call('/user', { token, body: { data: { settings: { timezone: 'Europe/London' } } } });

    const graceReport = await server.call('/tna_report', { token: grace.token, body: { data: { from: '2031-07-07', to: '2031-07-09' } } });
    expect(graceReport.body.rows).toEqual([{ key: 'Grace Okafor', staff_hours: 8, visits: 0, late_arrivals: 1 }]);
  });

  it('covers at most 366 days, from a start not after its end', async () => {
    const { token } = await server.signIn('demo.admin');
    expect(await server.call('/tna_report', { token, body: { data: { from: '2026-03-10', to: '2026-03-01' } } })).toMatchObject({
      status: 400,
      body: { message: 'The start of the period must not be after its end.' },
    });
    expect(await server.call('/tna_report', { token, body: { data: { from: '2025-01-01', to: '2026-06-30' } } })).toMatchObject({
      status: 400,
      body: { message: 'Choose a period of at most 366 days.' },
    });
    expect((await server.call('/tna_report', { token, body: { data: { from: '2030-01-01', to: '2030-01-31', group: 'day' } } })).body).toEqual({
      from: '2030-01-01',
      to: '2030-01-31',
      group: 'day',
      rows: [],
    });
  });

  it("shows the demo's last weeks", async () => {
    const { token } = await server.signIn('demo.basic');
    const to = server.clock.now().toISOString().slice(0, 10);
    const from = new Date(server.clock.now().getTime() - 27 * 24 * hour).toISOString().slice(0, 10);
    const report = await server.call('/tna_report', { token, body: { data: { from, to } } });
    const keys = report.body.rows.map((row: Json) => row.key);
    expect(keys).toEqual(expect.arrayContaining(['Amelia Hughes', 'Liam Carter', 'Maya Fischer']));
    expect(report.body.rows.find((row: Json) => row.key === 'Amelia Hughes').staff_hours).toBeGreaterThan(40);
  });
});
