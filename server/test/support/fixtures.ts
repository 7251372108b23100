/**
 * What the server suite adds to the demo organisation: a second organisation (to prove one
 * cannot reach another's data), a person with an authenticator app set up, and one who has
 * registered but not activated.
 */
import type { Keys } from '../../src/auth/keys.js';
import type { Passwords } from '../../src/auth/passwords.js';
import type { Database } from '../../src/db/database.js';
import { companies, users } from '../../src/db/schema.js';
import { defaultSettings } from '../../src/companies/settings.js';

export const fixturePassword = 'harbour-pass-1';
/** The authenticator secret of `totp.user` (base32). */
export const fixtureTotpSecret = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';

export const otherCompany = { name: 'Harbour Homes', admin: 'grace.okafor', basic: 'tom.reid' } as const;

export async function seedFixtures(db: Database, passwords: Passwords, keys: Keys): Promise<void> {
  const hash = await passwords.hash(fixturePassword);
  const now = new Date();
  await db.transaction(async (tx) => {
    const [harbour] = await tx
      .insert(companies)
      .values({ name: otherCompany.name, email: 'office@harbourhomes.example', envelopesBought: 50, envelopesUsed: 10, settings: defaultSettings() })
      .returning();
    const [northwind] = await tx.select().from(companies).limit(1);
    if (!harbour || !northwind) throw new Error('The fixtures need the demo organisation.');
    await tx.insert(users).values([
      {
        companyId: harbour.id,
        name: otherCompany.admin,
        email: 'grace.okafor@harbourhomes.example',
        passwordHash: hash,
        passwordChangedAt: now,
        firstName: 'Grace',
        lastName: 'Okafor',
        role: 'admin',
        class: 'Administrator',
        activatedAt: now,
      },
      {
        companyId: harbour.id,
        name: otherCompany.basic,
        email: 'tom.reid@harbourhomes.example',
        passwordHash: hash,
        passwordChangedAt: now,
        firstName: 'Tom',
        lastName: 'Reid',
        role: 'basic',
        class: 'Staff',
        activatedAt: now,
      },
      {
        companyId: northwind.id,
        name: 'totp.user',
        email: 'totp.user@northwindcare.example',
        passwordHash: hash,
        passwordChangedAt: now,
        firstName: 'Tess',
        lastName: 'Otp',
        role: 'basic',
        mfa: true,
        totpSecret: keys.seal(fixtureTotpSecret),
        activatedAt: now,
      },
      {
        companyId: northwind.id,
        name: 'not.active',
        email: 'not.active@northwindcare.example',
        passwordHash: hash,
        passwordChangedAt: now,
        firstName: 'Nat',
        lastName: 'Active',
        role: 'basic',
      },
    ]);
  });
}
