/**
 * The queries of connected devices: the ones a person may see (an administrator of the
 * company the company's, anyone else, a personal administrator too, their own), searched by
 * words, the most recently seen first.
 */
import { and, desc, eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import type { Role } from '@formsign/sdk/contract';
import { administersCompany, type Principal } from '../../auth/principal.js';
import type { Database } from '../../db/database.js';
import { devices, users } from '../../db/schema.js';

export type NewDevice = typeof devices.$inferInsert;

export type Viewer = Pick<Principal, 'companyId' | 'userId' | 'role'>;

export interface DeviceRecord {
  device: typeof devices.$inferSelect;
  user: { firstName: string; lastName: string; name: string; isSuper: boolean };
}

function visibleTo(viewer: Viewer): SQL | undefined {
  return and(eq(devices.companyId, viewer.companyId), administersCompany(viewer) ? undefined : eq(devices.userId, viewer.userId));
}

const escapeLike = (word: string): string => word.replace(/[\\%_]/g, (c) => `\\${c}`);

/** Every word must be found in the device's name or model, or its person's name or login. */
function matching(keys: string | undefined): SQL | undefined {
  const words = (keys ?? '').trim().split(/\s+/).filter(Boolean).slice(0, 10);
  return and(
    ...words.map((word) => {
      const pattern = `%${escapeLike(word)}%`;
      return or(
        ilike(devices.name, pattern),
        ilike(devices.model, pattern),
        ilike(devices.platform, pattern),
        ilike(sql`${users.firstName} || ' ' || ${users.lastName}`, pattern),
        ilike(users.name, pattern),
      );
    }),
  );
}

export async function listDevices(db: Database, viewer: Viewer, keys: string | undefined): Promise<DeviceRecord[]> {
  const rows = await db
    .select({ device: devices, firstName: users.firstName, lastName: users.lastName, name: users.name, isSuper: users.isSuper })
    .from(devices)
    .innerJoin(users, eq(users.id, devices.userId))
    .where(and(visibleTo(viewer), matching(keys)))
    .orderBy(desc(devices.lastSeen), desc(devices.id));
  return rows.map((row) => ({
    device: row.device,
    user: { firstName: row.firstName, lastName: row.lastName, name: row.name, isSuper: row.isSuper },
  }));
}

/** A device the viewer may see and act on, locked for the change. */
export async function findVisibleDevice(db: Database, viewer: Viewer, id: number): Promise<DeviceRecord | undefined> {
  const [row] = await db
    .select({ device: devices, firstName: users.firstName, lastName: users.lastName, name: users.name, isSuper: users.isSuper })
    .from(devices)
    .innerJoin(users, eq(users.id, devices.userId))
    .where(and(visibleTo(viewer), eq(devices.id, id)))
    .for('update', { of: devices });
  return row ? { device: row.device, user: { firstName: row.firstName, lastName: row.lastName, name: row.name, isSuper: row.isSuper } } : undefined;
}

/**
 * The device a sign-in comes from, recorded, or seen again (the same person and fingerprint):
 * its id, and whether it is blocked.
 */
export async function recordSignInDevice(db: Database, device: NewDevice & { lastSeen: Date }): Promise<{ id: number; blockedAt: Date | null }> {
  const [row] = await db
    .insert(devices)
    .values(device)
    .onConflictDoUpdate({
      target: [devices.userId, devices.fingerprint],
      set: { lastSeen: device.lastSeen, ip: device.ip, appVersion: device.appVersion },
    })
    .returning({ id: devices.id, blockedAt: devices.blockedAt });
  if (!row) throw new Error('The device was not recorded.');
  return row;
}

export async function blockDevice(db: Database, id: number, by: { userId: number; role: Role; at: Date }): Promise<void> {
  await db.update(devices).set({ blockedAt: by.at, blockedBy: by.userId, blockedByRole: by.role }).where(eq(devices.id, id));
}

export async function unblockDevice(db: Database, id: number): Promise<void> {
  await db.update(devices).set({ blockedAt: null, blockedBy: null, blockedByRole: null }).where(eq(devices.id, id));
}

export async function deleteDevice(db: Database, id: number): Promise<void> {
  await db.delete(devices).where(eq(devices.id, id));
}
