/**
 * The demo's Post Office: where Northwind's completed forms go (form integration) and the
 * tenancies that fill in its tenancy agreements (pre-population). Self-contained: templates
 * are looked up by title; the tenancy agreement is made when no seed made it before, and the
 * integrations of other templates are added only for those that exist.
 */
import { and, eq, isNull } from 'drizzle-orm';
import type { Database } from '../db/database.js';
import { searchTextOf } from '../modules/prepopulation/repository.js';
import { deliveries, forms, integrations, prepopulationRecords, prepopulationSources, templates, type FieldDefinition } from '../db/schema.js';
import type { DemoContext } from './demo-areas.js';

const day = 24 * 60 * 60_000;

const tenancyFields: FieldDefinition[] = [
  { name: 'tenant_name', label: 'Tenant name', type: 'text', required: true },
  { name: 'property_address', label: 'Property address', type: 'textarea', required: true },
  { name: 'start_date', label: 'Start date', type: 'date', required: true },
  { name: 'monthly_rent', label: 'Monthly rent', type: 'number', required: true },
  { name: 'tenant_email', label: 'Tenant email', type: 'email', required: false },
  { name: 'tenant_signature', label: 'Tenant signature', type: 'signature', required: true },
];

const tenancies: [string, string, string, string, number, string][] = [
  ['T-0412', 'Margaret Ellis', '27 Harbour Street, Bristol BS1 4QA', '2026-12-01', 875, 'margaret.ellis@mail.example'],
  ['T-0413', 'David Okonkwo', 'Flat 3, 9 Quay Street, Bristol BS1 2JL', '2026-11-15', 720, 'david.okonkwo@mail.example'],
  ['T-0415', 'Hannah Lewis', '4 Mill Lane, Bristol BS3 1QT', '2027-01-01', 950, 'hannah.lewis@mail.example'],
  ['T-0418', 'Tomasz Nowak', '12 Elm Court, Bristol BS6 5AB', '2026-10-01', 810, 'tomasz.nowak@mail.example'],
  ['T-0421', 'Aisha Begum', '88 Riverside Walk, Bristol BS1 6HG', '2026-09-15', 1_150, 'aisha.begum@mail.example'],
  ['T-0422', 'George Evans', '2 Meadow View, Bristol BS7 9RT', '2027-02-01', 690, ''],
  ['T-0425', 'Priya Shah', 'Flat 7, 41 Dock Road, Bristol BS1 5LL', '2026-12-15', 1_020, 'priya.shah@mail.example'],
  ['T-0427', 'Samuel Green', '19 Harbour View, Bristol BS8 4RW', '2027-03-01', 880, 'samuel.green@mail.example'],
];

async function templateByTitle(tx: Database, companyId: number, title: string): Promise<number | undefined> {
  const [row] = await tx
    .select({ id: templates.id })
    .from(templates)
    .where(and(eq(templates.companyId, companyId), eq(templates.title, title), isNull(templates.deletedAt)))
    .limit(1);
  return row?.id;
}

export async function seedDemoPostOffice(tx: Database, demo: DemoContext): Promise<void> {
  const { companyId, adminId, now } = demo;
  const tenancyId =
    (await templateByTitle(tx, companyId, 'Tenancy Agreement')) ??
    (
      await tx
        .insert(templates)
        .values({
          companyId,
          title: 'Tenancy Agreement',
          description: 'A tenancy agreement, filled in from the tenancy records and signed by the tenant.',
          fields: tenancyFields,
          steps: [{ label: 'Tenant', action: 'sign' }],
          createdBy: adminId,
        })
        .returning({ id: templates.id })
    )[0]?.id;
  if (!tenancyId) throw new Error('The demo tenancy agreement was not created.');

  const loadedAt = new Date(now.getTime() - 2 * day);
  const [source] = await tx
    .insert(prepopulationSources)
    .values({
      companyId,
      name: 'Tenancies',
      templateId: tenancyId,
      headers: ['TenancyRef', 'Tenant', 'Address', 'Start', 'Rent', 'Email'],
      order: { tenant_name: 'Tenant', property_address: 'Address', start_date: 'Start', monthly_rent: 'Rent', tenant_email: 'Email' },
      reference: 'TenancyRef',
      setBy: adminId,
      loadedAt,
      updatedAt: loadedAt,
    })
    .returning({ id: prepopulationSources.id });
  if (!source) throw new Error('The demo data source was not created.');
  await tx.insert(prepopulationRecords).values(
    tenancies.map(([ref, tenant, address, start, rent, email]) => ({
      sourceId: source.id,
      oid: ref,
      values: { TenancyRef: ref, Tenant: tenant, Address: address, Start: start, Rent: String(rent), Email: email },
      searchText: searchTextOf({ TenancyRef: ref, Tenant: tenant, Address: address, Start: start, Rent: String(rent), Email: email }),
    })),
  );

  const wanted: {
    title: string;
    source: 'email' | 'sftp' | 'webhook';
    type: 'pdf' | 'csv' | 'both';
    recipient: string;
    map: Record<string, string>;
    daysAgo: number;
  }[] = [
    {
      title: 'Tenancy Agreement',
      source: 'webhook',
      type: 'both',
      recipient: 'https://housing.northwindcare.example/hooks/tenancies',
      map: { tenant_name: 'TenantName', property_address: 'Property', start_date: 'StartDate', monthly_rent: 'Rent' },
      daysAgo: 30,
    },
    { title: 'Incident Report', source: 'email', type: 'pdf', recipient: 'safety@northwindcare.example', map: {}, daysAgo: 60 },
    {
      title: 'Timesheet Approval',
      source: 'sftp',
      type: 'csv',
      recipient: 'sftp://payroll.northwindcare.example/incoming',
      map: { employee: 'EmployeeName', site: 'CostCentre', hours: 'BasicHours', overtime: 'OvertimeHours' },
      daysAgo: 45,
    },
  ];
  for (const item of wanted) {
    const templateId = item.title === 'Tenancy Agreement' ? tenancyId : await templateByTitle(tx, companyId, item.title);
    if (!templateId) continue;
    // Only fields the template has (another seed may have made it with other fields).
    const [template] = await tx.select({ fields: templates.fields }).from(templates).where(eq(templates.id, templateId));
    const names = new Set((template?.fields ?? []).map((field) => field.name));
    const map = Object.fromEntries(Object.entries(item.map).filter(([field]) => names.has(field)));
    const [integration] = await tx
      .insert(integrations)
      .values({
        companyId,
        templateId,
        source: item.source,
        type: item.type,
        recipient: item.recipient,
        map,
        updatedAt: new Date(now.getTime() - item.daysAgo * day),
      })
      .returning({ id: integrations.id });
    // The template's completed forms went out when they were completed: the seals of a first
    // start do not send a year of them again.
    const completed = await tx
      .select({ id: forms.id, reference: forms.reference, completedAt: forms.completedAt, updatedAt: forms.updatedAt })
      .from(forms)
      .where(and(eq(forms.companyId, companyId), eq(forms.templateId, templateId), eq(forms.status, 'completed')));
    const extensions = item.type === 'both' ? ['pdf', 'csv'] : [item.type];
    if (integration && completed.length) {
      // The SFTP server's sign-in is not saved in the demo: its newest form failed to go.
      const newest =
        item.source === 'sftp' ? completed.reduce((a, b) => ((a.completedAt ?? a.updatedAt) >= (b.completedAt ?? b.updatedAt) ? a : b)) : null;
      await tx.insert(deliveries).values(
        completed.map((form) =>
          form === newest
            ? {
                integrationId: integration.id,
                formId: form.id,
                files: [],
                status: 'failed' as const,
                detail: 'Delivery failed: no user name and password or key is saved for this server.',
                at: form.completedAt ?? form.updatedAt,
              }
            : {
                integrationId: integration.id,
                formId: form.id,
                files: extensions.map((extension) => `${form.reference}.${extension}`),
                status: 'delivered' as const,
                detail: 'Delivered when the form was completed.',
                at: form.completedAt ?? form.updatedAt,
              },
        ),
      );
    }
  }
}
