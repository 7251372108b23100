/**
 * The demo's case management: tenants whose cases the company's people work, with their
 * details and notes. Forms already seeded whose title names a tenant are filed on that
 * tenant's case.
 */
import { and, eq, ilike, isNull } from 'drizzle-orm';
import type { Database } from '../db/database.js';
import { forms, tenants } from '../db/schema.js';
import type { DemoContext } from './demo-areas.js';

const day = 24 * 60 * 60_000;

const demoTenants = [
  {
    name: 'Margaret Ellis',
    address: '23 Harbour Street, Bristol BS1 4QA',
    phone: '+44 117 496 0732',
    email: 'margaret.ellis@mail.example',
    caseworker: 'chloe.davies',
    status: 'open',
    opened: 420,
    updated: 3,
    notes: 'Prefers visits in the morning. Daughter (Joanne) holds lasting power of attorney.',
  },
  {
    name: 'David Osei',
    address: '24 Elm Road, Bristol BS12 2AB',
    phone: '+44 117 496 0418',
    email: 'david.osei@mail.example',
    caseworker: 'amelia.hughes',
    status: 'open',
    opened: 260,
    updated: 9,
    notes: 'Repair to the bathroom extractor fan reported; contractor booked.',
  },
  {
    name: 'Karen Whitfield',
    address: '139 Mill Lane, Bristol BS3 6HT',
    phone: '+44 117 496 0277',
    email: 'karen.whitfield@mail.example',
    caseworker: 'chloe.davies',
    status: 'monitoring',
    opened: 610,
    updated: 5,
    notes: 'Rent arrears plan agreed; review monthly.',
  },
  {
    name: 'Ahmed Rahman',
    address: '64 Station Road, Bristol BS4 3HT',
    phone: '+44 117 496 0951',
    email: 'ahmed.rahman@mail.example',
    caseworker: 'ruby.scott',
    status: 'closed',
    opened: 700,
    updated: 40,
    notes: 'Moved to a ground-floor flat; case closed.',
  },
  {
    name: 'Janet Brooks',
    address: '134 Church Walk, Bristol BS1 9LX',
    phone: '+44 117 496 0166',
    email: 'janet.brooks@mail.example',
    caseworker: 'amelia.hughes',
    status: 'open',
    opened: 95,
    updated: 2,
    notes: 'Needs a large-print copy of every letter.',
  },
  {
    name: 'Paul Nowak',
    address: '127 Park View, Bristol BS1 3NE',
    phone: '+44 117 496 0503',
    email: 'paul.nowak@mail.example',
    caseworker: 'ruby.scott',
    status: 'open',
    opened: 150,
    updated: 17,
    notes: 'Works nights: call after 2 pm.',
  },
  {
    name: 'Susan Price',
    address: '40 Victoria Terrace, Bristol BS8 4QA',
    phone: '+44 117 496 0389',
    email: 'susan.price@mail.example',
    caseworker: 'maya.fischer',
    status: 'monitoring',
    opened: 330,
    updated: 12,
    notes: 'Adaptations assessment due in the spring.',
  },
  {
    name: 'Marcus Lee',
    address: '111 Kingsway, Bristol BS15 1AB',
    phone: '+44 117 496 0714',
    email: 'marcus.lee@mail.example',
    caseworker: 'maya.fischer',
    status: 'closed',
    opened: 520,
    updated: 33,
    notes: 'Tenancy ended by mutual agreement.',
  },
  {
    name: 'Eileen Doherty',
    address: '119 Harbour Street, Bristol BS16 5QA',
    phone: '+44 117 496 0842',
    email: 'eileen.doherty@mail.example',
    caseworker: null,
    status: 'open',
    opened: 6,
    updated: 6,
    notes: 'New referral from the local authority; caseworker to be assigned.',
  },
] as const;

export async function seedCases(tx: Database, demo: DemoContext): Promise<void> {
  const rows = await tx
    .insert(tenants)
    .values(
      demoTenants.map((tenant) => ({
        companyId: demo.companyId,
        name: tenant.name,
        address: tenant.address,
        phone: tenant.phone,
        email: tenant.email,
        caseworkerId: tenant.caseworker ? (demo.userIds[tenant.caseworker] ?? null) : null,
        status: tenant.status,
        openedAt: new Date(demo.now.getTime() - tenant.opened * day).toISOString().slice(0, 10),
        notes: tenant.notes,
        updatedAt: new Date(demo.now.getTime() - tenant.updated * day),
      })),
    )
    .returning({ id: tenants.id, name: tenants.name });
  for (const tenant of rows) {
    await tx
      .update(forms)
      .set({ tenantId: tenant.id })
      .where(and(eq(forms.companyId, demo.companyId), isNull(forms.tenantId), ilike(forms.title, `%${tenant.name}%`)));
  }
}
