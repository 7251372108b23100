import { describe, expect, it } from 'vitest';
import { memoryStorage, sessionKeys, storageKeys } from './index.js';

describe('memoryStorage', () => {
  it('has the Web Storage shape: get, set, remove', () => {
    const storage = memoryStorage({ token: 'abc' });
    expect(storage.getItem('token')).toBe('abc');
    expect(storage.getItem('missing')).toBeNull();
    storage.setItem('isSuper', 'true');
    storage.removeItem('token');
    expect(storage.entries()).toEqual({ isSuper: 'true' });
  });

  it('keeps its own copy of the initial entries', () => {
    const initial = { token: 'abc' };
    memoryStorage(initial).setItem('token', 'def');
    expect(initial).toEqual({ token: 'abc' });
  });
});

describe('storageKeys', () => {
  it('are the session keys the app stores: token, role flags, return address, icon, envelope count', () => {
    expect(storageKeys).toEqual({
      token: 'token',
      isSuper: 'isSuper',
      isPersonal: 'isPersonal',
      isSubAdmin: 'isSubAdmin',
      isFrontAdmin: 'isFrontAdmin',
      surl: 'surl',
      userIcon: 'userIcon',
      unusedEnvelopes: 'unusedEnvelopes',
    });
  });

  it('logging out clears the token, the flags and the icon, not the return address or the count', () => {
    expect([...sessionKeys].sort()).toEqual(['isFrontAdmin', 'isPersonal', 'isSubAdmin', 'isSuper', 'token', 'userIcon']);
  });
});
