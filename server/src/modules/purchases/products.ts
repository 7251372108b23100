/** The envelope packs on offer, with their prices in pence. */
export interface EnvelopePack {
  id: string;
  name: string;
  envelopes: number;
  price: number;
  currency: string;
}

export const envelopePacks: readonly EnvelopePack[] = [
  { id: 'env-50', name: '50 envelopes', envelopes: 50, price: 3_900, currency: 'gbp' },
  { id: 'env-250', name: '250 envelopes', envelopes: 250, price: 14_900, currency: 'gbp' },
  { id: 'env-1000', name: '1000 envelopes', envelopes: 1_000, price: 49_900, currency: 'gbp' },
];

export function findPack(id: string): EnvelopePack | undefined {
  return envelopePacks.find((pack) => pack.id === id);
}
