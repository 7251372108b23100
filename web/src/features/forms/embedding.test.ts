import { describe, expect, it } from 'vitest';
import { allowedParent, isEmbedded, parentOrigin } from './embedding.ts';

describe('the parent an embedded signing page tells what happens', () => {
  it('is the first ancestor origin the browser reports, else the referrer’s origin', () => {
    expect(parentOrigin(['https://www.example.com', 'https://outer.example'], 'https://other.example/page')).toBe('https://www.example.com');
    expect(parentOrigin([], 'https://www.example.com:8443/forms/page?x=1')).toBe('https://www.example.com:8443');
    expect(parentOrigin(undefined, '')).toBeNull();
    expect(parentOrigin(['null'], 'https://www.example.com/')).toBeNull();
    expect(parentOrigin(undefined, 'not an address')).toBeNull();
  });

  it('is posted to only when the organisation allows it, and then by its exact origin', () => {
    const allowed = ['https://www.example.com'];
    expect(allowedParent('https://www.example.com', allowed)).toBe('https://www.example.com');
    expect(allowedParent('https://evil.example', allowed)).toBeNull();
    expect(allowedParent('http://www.example.com', allowed)).toBeNull();
    expect(allowedParent(null, allowed)).toBeNull();
    expect(allowedParent('https://www.example.com', undefined)).toBeNull();
  });

  it('exists only when the page is in a frame', () => {
    const self = {};
    expect(isEmbedded({ top: self, self })).toBe(false);
    expect(isEmbedded({ top: {}, self })).toBe(true);
  });
});
