/** The demo's settings lists: template categories and user groups. */
import type { Database } from '../db/database.js';
import { categories, groups } from '../db/schema.js';
import type { DemoContext } from './demo-areas.js';

export const demoCategories = ['Health and Safety', 'Care', 'HR', 'Finance', 'Housing', 'Compliance'] as const;

const demoGroups = [
  { name: 'Managers', members: ['demo.admin', 'amelia.hughes', 'chloe.davies'] },
  { name: 'Night shift', members: ['maya.fischer'] },
  { name: 'Riverside House', members: ['amelia.hughes', 'maya.fischer', 'ruby.scott', 'demo.basic'] },
  { name: 'Payroll approvers', members: ['demo.admin', 'demo.personal'] },
] as const;

export async function seedSettingsLists(tx: Database, demo: DemoContext): Promise<void> {
  await tx.insert(categories).values(demoCategories.map((name) => ({ companyId: demo.companyId, name })));
  await tx.insert(groups).values(
    demoGroups.map((group) => ({
      companyId: demo.companyId,
      name: group.name,
      members: group.members.flatMap((login) => (demo.userIds[login] === undefined ? [] : [demo.userIds[login]])).sort((a, b) => a - b),
    })),
  );
}
