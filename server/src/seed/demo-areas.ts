/**
 * The demo data of each product area, seeded after the demo organisation and its people, in
 * the same transaction: each area adds its own function here.
 */
import type { Database } from '../db/database.js';
import { seedDemoForms } from './demo-forms.js';
import { seedCases } from './demo-cases.js';
import { seedDevices } from './demo-devices.js';
import { seedPurchases } from './demo-purchases.js';
import { seedSettingsLists } from './demo-settings.js';
import { seedTimeAttendance } from './demo-time-attendance.js';
import { seedTutorials } from './demo-tutorials.js';
import { seedDemoPostOffice } from './demo-post-office.js';

export interface DemoContext {
  companyId: number;
  /** Olivia Bennett, demo.admin. */
  adminId: number;
  /** Every demo user's id, by login name (`demo.admin`, `amelia.hughes`, ...). */
  userIds: Record<string, number>;
  now: Date;
}

export type AreaSeed = (tx: Database, demo: DemoContext) => Promise<void>;

/** The settings lists first (the templates' categories), then templates and forms: other areas' demo data refer to them. */
export const areaSeeds: AreaSeed[] = [
  seedSettingsLists,
  seedDemoForms,
  seedTimeAttendance,
  seedDevices,
  seedTutorials,
  seedPurchases,
  // After the forms: a Tenancies data source and integrations of the demo's templates.
  seedDemoPostOffice,
  // After the forms: files the forms that name a tenant on the tenant's case.
  seedCases,
];
