/**
 * The demo organisation's templates and a year of forms made from them: complete ones with
 * their answers (for Completed Forms, the database and the charts), others in progress,
 * waiting for signatures or approvals (for Action Required and the workflow), a few sent back
 * or withdrawn.
 */
import { eq, inArray } from 'drizzle-orm';
import type { Database } from '../db/database.js';
import { categories, templates, users, type FieldDefinition, type StepDefinition } from '../db/schema.js';
import type { DemoContext } from './demo-areas.js';
import { generateForms } from './forms-generator.js';

interface DemoTemplate {
  title: string;
  description: string;
  category: string;
  fields: FieldDefinition[];
  steps: (Omit<StepDefinition, 'userId'> & { user?: string })[];
  sequential?: boolean;
  status?: 'active' | 'archived';
}

const sites = ['Harbour House', 'Elm Court', 'Riverside Lodge', 'Meadow View'];

export const demoTemplates: DemoTemplate[] = [
  {
    title: 'Incident Report',
    description: 'Record what happened, who was involved and what was done.',
    category: 'Health and Safety',
    fields: [
      { name: 'occurred_at', label: 'When did it happen?', type: 'date', required: true },
      { name: 'location', label: 'Where did it happen?', type: 'select', required: true, options: sites },
      { name: 'severity', label: 'How serious was it?', type: 'select', required: true, options: ['Minor', 'Moderate', 'Serious'] },
      { name: 'description', label: 'What happened?', type: 'textarea', required: true },
      { name: 'hours_lost', label: 'Working hours lost', type: 'number', required: false },
      { name: 'reporter_signature', label: 'Your signature', type: 'signature', required: true },
    ],
    steps: [
      { label: 'Reporter', action: 'sign' },
      { label: 'Manager', action: 'approve', user: 'amelia.hughes' },
    ],
  },
  {
    title: 'Leave Request',
    description: 'Ask for annual leave.',
    category: 'HR',
    fields: [
      { name: 'first_day', label: 'First day of leave', type: 'date', required: true },
      { name: 'days', label: 'Working days', type: 'number', required: true },
      { name: 'reason', label: 'Kind of leave', type: 'select', required: true, options: ['Annual leave', 'Training', 'Family', 'Unpaid'] },
      { name: 'site', label: 'Your site', type: 'select', required: true, options: sites },
      { name: 'employee_signature', label: 'Your signature', type: 'signature', required: true },
    ],
    steps: [
      { label: 'Employee', action: 'sign' },
      { label: 'Manager', action: 'approve', user: 'demo.admin' },
    ],
  },
  {
    title: 'Consent to Share Information',
    description: 'A client agrees to share their information with named services.',
    category: 'Care',
    fields: [
      { name: 'full_name', label: 'Your full name', type: 'text', required: true },
      { name: 'date_of_birth', label: 'Date of birth', type: 'date', required: true },
      { name: 'share_with', label: 'Share with', type: 'select', required: true, options: ['GP', 'Social services', 'Housing officer'] },
      { name: 'agree', label: 'I agree to share my information', type: 'checkbox', required: true },
      { name: 'client_signature', label: 'Your signature', type: 'signature', required: true },
      { name: 'caseworker_signature', label: 'Caseworker signature', type: 'signature', required: true, step: 2 },
    ],
    steps: [
      { label: 'Client', action: 'sign' },
      { label: 'Caseworker', action: 'sign', user: 'ethan.wright' },
    ],
  },
  {
    title: 'Timesheet Approval',
    description: 'Hours worked in a week, for approval.',
    category: 'HR',
    fields: [
      { name: 'week_ending', label: 'Week ending', type: 'date', required: true, step: 0 },
      { name: 'site', label: 'Site', type: 'select', required: true, options: sites },
      { name: 'hours', label: 'Hours worked', type: 'number', required: true },
      { name: 'overtime', label: 'Overtime hours', type: 'number', required: false },
      { name: 'signature', label: 'Your signature', type: 'signature', required: true },
    ],
    steps: [
      { label: 'Employee', action: 'sign' },
      { label: 'Manager', action: 'approve', user: 'demo.admin' },
    ],
  },
  {
    title: 'Risk Assessment',
    description: 'Assess a hazard and how likely and serious it is.',
    category: 'Health and Safety',
    fields: [
      { name: 'hazard', label: 'Hazard', type: 'text', required: true },
      { name: 'site', label: 'Site', type: 'select', required: true, options: sites },
      { name: 'likelihood', label: 'Likelihood', type: 'select', required: true, options: ['Rare', 'Possible', 'Likely'] },
      { name: 'score', label: 'Risk score (1 to 25)', type: 'number', required: true },
      { name: 'assessor_signature', label: 'Assessor signature', type: 'signature', required: true },
    ],
    steps: [{ label: 'Assessor', action: 'sign' }],
  },
  {
    title: 'Equipment Loan',
    description: 'Borrowing equipment from the office.',
    category: 'Compliance',
    fields: [
      { name: 'item', label: 'Item', type: 'select', required: true, options: ['Laptop', 'Projector', 'Camera'] },
      { name: 'days', label: 'Days', type: 'number', required: true },
      { name: 'signature', label: 'Your signature', type: 'signature', required: true },
    ],
    steps: [{ label: 'Borrower', action: 'sign' }],
    status: 'archived',
  },
];

/** How many forms the demo organisation has. */
export const demoFormCount = 90;

export async function seedDemoForms(tx: Database, demo: DemoContext): Promise<void> {
  const names = [...new Set(demoTemplates.map((template) => template.category))];
  // The settings lists may have made some of these categories already.
  await tx
    .insert(categories)
    .values(names.map((name) => ({ companyId: demo.companyId, name })))
    .onConflictDoNothing();
  const made = await tx.select({ id: categories.id, name: categories.name }).from(categories).where(eq(categories.companyId, demo.companyId));
  const categoryOf = new Map(made.map((row) => [row.name, row.id]));
  const created = await tx
    .insert(templates)
    .values(
      demoTemplates.map((template, index) => ({
        companyId: demo.companyId,
        title: template.title,
        description: template.description,
        categoryId: categoryOf.get(template.category) ?? null,
        status: template.status ?? ('active' as const),
        fields: template.fields,
        steps: template.steps.map(({ user, ...step }) => ({ ...step, userId: user ? (demo.userIds[user] ?? null) : null })),
        sequential: template.sequential ?? true,
        createdBy: demo.adminId,
        createdAt: new Date(demo.now.getTime() - (380 - index * 10) * 86_400_000),
        updatedAt: new Date(demo.now.getTime() - (60 - index * 5) * 86_400_000),
      })),
    )
    .returning();
  const people = await tx
    .select({ id: users.id, name: users.name, first: users.firstName, last: users.lastName, email: users.email })
    .from(users)
    .where(inArray(users.name, ['demo.admin', 'demo.basic', 'demo.super', 'amelia.hughes', 'maya.fischer', 'ethan.wright', 'ruby.scott']));
  const person = (login: string) => {
    const row = people.find((candidate) => candidate.name === login);
    if (!row) throw new Error(`The demo has no ${login}.`);
    return { id: row.id, name: `${row.first} ${row.last}`, email: row.email };
  };
  await generateForms(tx, {
    companyId: demo.companyId,
    companyName: 'Northwind Care Ltd',
    templates: created.filter((template) => template.status === 'active'),
    senders: [person('demo.admin'), person('demo.super'), person('amelia.hughes')],
    signers: [
      person('demo.basic'),
      person('maya.fischer'),
      person('ruby.scott'),
      { id: null, name: 'Margaret Ellis', email: 'margaret.ellis@mail.example' },
      { id: null, name: 'Thomas Walker', email: 'thomas.walker@mail.example' },
    ],
    approvers: [person('demo.admin'), person('amelia.hughes'), person('ethan.wright')],
    count: demoFormCount,
    now: demo.now,
    seed: 7,
  });
}
