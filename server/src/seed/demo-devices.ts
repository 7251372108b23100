/**
 * The demo's connected devices: the tablets and browsers the company's people signed in from,
 * one of them blocked. (Signing in records the device really used.)
 */
import type { Database } from '../db/database.js';
import { devices } from '../db/schema.js';
import type { DemoContext } from './demo-areas.js';

const hour = 60 * 60_000;

const demoDevices = [
  {
    login: 'amelia.hughes',
    name: 'Riverside House tablet 1',
    platform: 'iOS',
    model: 'iPad Air (5th generation)',
    appVersion: 'Safari 17',
    seen: 3,
    blocked: false,
  },
  {
    login: 'maya.fischer',
    name: 'Riverside House tablet 2',
    platform: 'Android',
    model: 'Samsung Galaxy Tab S9',
    appVersion: 'Chrome 126',
    seen: 14,
    blocked: false,
  },
  {
    login: 'ethan.wright',
    name: 'Harbour View tablet',
    platform: 'iOS',
    model: 'iPad (10th generation)',
    appVersion: 'Safari 17',
    seen: 26,
    blocked: false,
  },
  { login: 'chloe.davies', name: 'Chrome on Windows', platform: 'Windows', model: 'Windows PC', appVersion: 'Chrome 126', seen: 5, blocked: false },
  { login: 'ruby.scott', name: 'Safari on iOS', platform: 'iOS', model: 'iPhone', appVersion: 'Safari 17', seen: 50, blocked: false },
  {
    login: 'freya.wilson',
    name: 'Harbour View tablet 2',
    platform: 'Android',
    model: 'Google Pixel Tablet',
    appVersion: 'Chrome 124',
    seen: 24 * 21,
    blocked: true,
  },
  { login: 'demo.basic', name: 'Firefox on macOS', platform: 'macOS', model: 'Mac', appVersion: 'Firefox 127', seen: 30, blocked: false },
] as const;

export async function seedDevices(tx: Database, demo: DemoContext): Promise<void> {
  const rows = demoDevices.flatMap((device, i) => {
    const userId = demo.userIds[device.login];
    if (userId === undefined) return [];
    const lastSeen = new Date(demo.now.getTime() - device.seen * hour);
    return [
      {
        companyId: demo.companyId,
        userId,
        // Not the hash of any real browser's user agent: signing in records its own device.
        fingerprint: `demo-device-${i + 1}`,
        name: device.name,
        platform: device.platform,
        model: device.model,
        appVersion: device.appVersion,
        ip: `192.0.2.${10 + i}`,
        lastSeen,
        blockedAt: device.blocked ? new Date(lastSeen.getTime() + hour) : null,
        createdAt: new Date(lastSeen.getTime() - 60 * 24 * hour),
      },
    ];
  });
  if (rows.length > 0) await tx.insert(devices).values(rows);
}
