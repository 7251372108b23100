import { describe, expect, it } from 'vitest';
import { readCookie } from './xsrf-pair.js';

describe('readCookie', () => {
  it('finds a cookie among others and decodes it', () => {
    expect(readCookie('a=1; XSRF-TOKEN=abc%3D%3D; b=2', 'XSRF-TOKEN')).toBe('abc==');
    expect(readCookie('XSRF-TOKEN-OLD=x', 'XSRF-TOKEN')).toBeUndefined();
    expect(readCookie('', 'XSRF-TOKEN')).toBeUndefined();
  });

  it('keeps everything after the first = of the pair', () => {
    expect(readCookie('XSRF-TOKEN=a=b=; lang=en', 'XSRF-TOKEN')).toBe('a=b=');
  });

  it('answers a malformed percent-encoding as sent instead of throwing', () => {
    expect(readCookie('XSRF-TOKEN=%E0%A4%A', 'XSRF-TOKEN')).toBe('%E0%A4%A');
  });
});
