/**
 * The demo organisation, Northwind Care Ltd: the four accounts a person trying the product
 * signs in with (password `formsign-demo`) and the colleagues and activity that make every
 * page show something.
 */
import type { Passwords } from '../auth/passwords.js';
import type { Database } from '../db/database.js';
import { auditEvents, companies, users } from '../db/schema.js';
import { eq } from 'drizzle-orm';
import { defaultSettings } from '../companies/settings.js';
import { areaSeeds, type DemoContext } from './demo-areas.js';

export const demoPassword = 'formsign-demo';

export const demoAccounts = [
  { name: 'demo.admin', firstName: 'Olivia', lastName: 'Bennett', role: 'administrator', jobTitle: 'Operations Director' },
  { name: 'demo.basic', firstName: 'Liam', lastName: 'Carter', role: 'basic user', jobTitle: 'Care Assistant' },
  { name: 'demo.personal', firstName: 'Sophie', lastName: 'Turner', role: 'personal administrator', jobTitle: 'Landlord' },
  { name: 'demo.super', firstName: 'Noah', lastName: 'Patel', role: 'super user', jobTitle: 'Platform Administrator' },
] as const;

export interface DemoSeed {
  companyId: number;
  accounts: { name: string; email: string; role: string }[];
}

const day = 24 * 60 * 60_000;

const colleagues = [
  { first: 'Amelia', last: 'Hughes', cls: 'Manager', unit: ['Riverside House'], state: 'active' },
  { first: 'Maya', last: 'Fischer', cls: 'Staff', unit: ['Riverside House', 'Night shift'], state: 'active' },
  { first: 'Ethan', last: 'Wright', cls: 'Staff', unit: ['Harbour View'], state: 'active' },
  { first: 'Chloe', last: 'Davies', cls: 'Manager', unit: ['Harbour View'], state: 'active' },
  { first: 'Ruby', last: 'Scott', cls: 'Staff', unit: ['Riverside House'], state: 'active' },
  { first: 'Daniel', last: 'Murphy', cls: 'Staff', unit: [], state: 'invited' },
  { first: 'Freya', last: 'Wilson', cls: 'Staff', unit: ['Harbour View'], state: 'blocked' },
] as const;

export interface DemoHashes {
  accounts: string[];
  colleague: string;
}

/** The password hashes of the demo (made before the seeding transaction: hashing is slow). */
export async function demoHashes(passwords: Passwords): Promise<DemoHashes> {
  return {
    accounts: await Promise.all(demoAccounts.map(() => passwords.hash(demoPassword))),
    colleague: await passwords.hash(`${demoPassword}-colleague`),
  };
}

/** Seeds the demo in the caller's transaction. */
export async function seedDemo(tx: Database, { accounts: hashes, colleague: colleagueHash }: DemoHashes, now: Date): Promise<DemoSeed> {
  {
    const [company] = await tx
      .insert(companies)
      .values({
        name: 'Northwind Care Ltd',
        address: '14 Harbour Street, Bristol BS1 4QA',
        phone: '+44 117 496 0100',
        email: 'office@northwindcare.example',
        vatNumber: 'GB 123 4567 89',
        envelopesBought: 500,
        envelopesUsed: 188,
        settings: defaultSettings(),
        createdAt: new Date(now.getTime() - 400 * day),
      })
      .returning();
    if (!company) throw new Error('The demo organisation was not created.');
    const accounts = demoAccounts.map((account, i) => ({
      companyId: company.id,
      name: account.name,
      email: `${account.name}@northwindcare.example`,
      passwordHash: hashes[i] ?? null,
      passwordChangedAt: now,
      firstName: account.firstName,
      lastName: account.lastName,
      jobTitle: account.jobTitle,
      phone: `+44 20 7946 03${String(20 + i)}`,
      role: account.name === 'demo.basic' ? ('basic' as const) : ('admin' as const),
      personal: account.name === 'demo.personal',
      isSuper: account.name === 'demo.super',
      isSubAdmin: account.name === 'demo.super',
      isFrontAdmin: account.name === 'demo.super',
      class: account.name === 'demo.basic' ? 'Staff' : 'Administrator',
      unit: account.name === 'demo.basic' ? ['Riverside House'] : [],
      activatedAt: new Date(now.getTime() - 300 * day),
      createdAt: new Date(now.getTime() - 300 * day),
    }));
    const people = colleagues.map((person, i) => ({
      companyId: company.id,
      name: `${person.first}.${person.last}`.toLowerCase(),
      email: `${person.first}.${person.last}@northwindcare.example`.toLowerCase(),
      passwordHash: person.state === 'invited' ? null : colleagueHash,
      firstName: person.first,
      lastName: person.last,
      class: person.cls,
      unit: [...person.unit],
      role: 'basic' as const,
      mfa: i === 0,
      activatedAt: person.state === 'invited' ? null : new Date(now.getTime() - (200 - i * 10) * day),
      blockedAt: person.state === 'blocked' ? new Date(now.getTime() - 20 * day) : null,
      lastLoginAt: person.state === 'active' ? new Date(now.getTime() - (i + 1) * day) : null,
      createdAt: new Date(now.getTime() - (200 - i * 10) * day),
    }));
    const inserted = await tx
      .insert(users)
      .values([...accounts, ...people])
      .returning({ id: users.id, name: users.name, email: users.email, firstName: users.firstName, lastName: users.lastName });
    const admin = inserted[0];
    if (!admin) throw new Error('The demo accounts were not created.');
    const adminName = `${admin.firstName} ${admin.lastName}`;
    await tx.insert(auditEvents).values([
      {
        companyId: company.id,
        userId: admin.id,
        actor: adminName,
        source: 'user',
        event: 'registered',
        target: company.name,
        at: new Date(now.getTime() - 400 * day),
      },
      ...people.map((person, i) => ({
        companyId: company.id,
        userId: admin.id,
        actor: adminName,
        source: 'user' as const,
        event: 'invited' as const,
        target: person.email,
        at: new Date(now.getTime() - (200 - i * 10) * day),
      })),
      {
        companyId: company.id,
        userId: admin.id,
        actor: adminName,
        source: 'user',
        event: 'user-changed',
        target: 'freya.wilson@northwindcare.example',
        details: { type: 'status', value: 'blocked' },
        at: new Date(now.getTime() - 20 * day),
      },
      {
        companyId: company.id,
        userId: null,
        actor: '',
        source: 'system',
        event: 'system',
        target: 'Nightly backup',
        details: { message: 'The nightly backup finished.' },
        at: new Date(now.getTime() - day),
      },
    ]);
    const everyone = await tx.select({ id: users.id, name: users.name }).from(users).where(eq(users.companyId, company.id));
    const demo: DemoContext = {
      companyId: company.id,
      adminId: admin.id,
      userIds: Object.fromEntries(everyone.map((user) => [user.name, user.id])),
      now,
    };
    for (const seedArea of areaSeeds) await seedArea(tx, demo);
    return {
      companyId: company.id,
      accounts: demoAccounts.map((account) => ({ name: account.name, email: `${account.name}@northwindcare.example`, role: account.role })),
    };
  }
}
