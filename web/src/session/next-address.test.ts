import { storageKeys } from '@formsign/machines';
import { describe, expect, it } from 'vitest';
import { appPath, fallbackAddress, nextAddress } from './next-address.ts';

const origin = 'https://app.formsign.example';

function storageWith(surl: string | null): { getItem(key: string): string | null } {
  return { getItem: (key) => (key === storageKeys.surl ? surl : null) };
}

describe('appPath', () => {
  it.each([
    ['/completed?search=leave', '/completed?search=leave'],
    ['/open-signing/abc#answers', '/open-signing/abc#answers'],
    ['/users/2', '/users/2'],
    ['/a/../template', '/template'],
  ])('keeps the app path %s', (candidate, path) => {
    expect(appPath(candidate, origin)).toBe(path);
  });

  it.each([
    '/\\evil.example',
    '/\\/evil.example',
    '//evil.example',
    '/\t/evil.example',
    '/\n/evil.example',
    '\\\\evil.example',
    'https://evil.example/dashboard',
    'javascript:alert(1)',
    'dashboard',
    '',
  ])('refuses %j, which leaves the site or is not a path', (candidate) => {
    expect(appPath(candidate, origin)).toBeNull();
  });
});

describe('nextAddress', () => {
  it('prefers the remembered address, then the login redirect, then the dashboard', () => {
    expect(nextAddress('/pending', storageWith('/completed'), origin)).toBe('/completed');
    expect(nextAddress('/pending', storageWith(null), origin)).toBe('/pending');
    expect(nextAddress(null, storageWith(null), origin)).toBe(fallbackAddress);
  });

  it('skips an address that leaves the site', () => {
    expect(nextAddress('/pending', storageWith('/\\evil.example'), origin)).toBe('/pending');
    expect(nextAddress('https://evil.example', storageWith(null), origin)).toBe(fallbackAddress);
  });
});
