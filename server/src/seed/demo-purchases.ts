/**
 * The demo's envelope purchases: the two packs that make the company's 500 envelopes, bought
 * through the test payment provider.
 */
import type { Database } from '../db/database.js';
import { purchases } from '../db/schema.js';
import type { DemoContext } from './demo-areas.js';

const day = 24 * 60 * 60_000;

export async function seedPurchases(tx: Database, demo: DemoContext): Promise<void> {
  const bought = [
    { daysAgo: 380, session: 'cs_test_demo_first_pack' },
    { daysAgo: 120, session: 'cs_test_demo_second_pack' },
  ];
  await tx.insert(purchases).values(
    bought.map(({ daysAgo, session }) => {
      const createdAt = new Date(demo.now.getTime() - daysAgo * day);
      return {
        companyId: demo.companyId,
        sessionId: `${session}_${demo.companyId}`,
        provider: 'test',
        product: 'env-250',
        quantity: 1,
        envelopes: 250,
        amount: 14_900,
        currency: 'gbp',
        email: 'demo.admin@northwindcare.example',
        status: 'complete' as const,
        createdAt,
        completedAt: new Date(createdAt.getTime() + 3 * 60_000),
      };
    }),
  );
}
