import { describe, expect, it } from 'vitest';
import { signerId, signerIdKey, signingLink } from './signing-link.ts';

function memory(): Pick<Storage, 'getItem' | 'setItem'> & { values: Map<string, string> } {
  const values = new Map<string, string>();
  return { values, getItem: (key) => values.get(key) ?? null, setItem: (key, value) => void values.set(key, value) };
}

describe('the signer id', () => {
  it('is a random version-4 id, made once and kept in the storage given', () => {
    const storage = memory();
    const id = signerId(storage);
    expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(storage.values.get(signerIdKey)).toBe(id);
    expect(signerId(storage)).toBe(id);
  });

  it('still gives an id when the storage refuses', () => {
    const refusing = {
      getItem: () => null,
      setItem: () => {
        throw new Error('QuotaExceededError');
      },
    };
    expect(signerId(refusing)).toMatch(/^[0-9a-f-]{36}$/);
  });
});

describe('what a signing link says', () => {
  it('reads the token, references and order of its query', () => {
    expect(signingLink('f7c2', new URLSearchParams('token=sgn_1&refs=r1,r2&order=2'), 'u-1')).toEqual({
      id: 'f7c2',
      token: 'sgn_1',
      refs: 'r1,r2',
      order: 2,
      uuid: 'u-1',
    });
  });

  it('sends empty token and references, and no order, when the link has none', () => {
    expect(signingLink('f7c2', new URLSearchParams('order=first'), 'u-1')).toEqual({ id: 'f7c2', token: '', refs: '', uuid: 'u-1' });
  });
});
