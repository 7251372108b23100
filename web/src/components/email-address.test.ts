import { describe, expect, it } from 'vitest';
import { emailPieces } from './email-address.tsx';

describe('an email address', () => {
  it('may wrap only after its @ and before its dots', () => {
    expect(emailPieces('olivia.bennett@northwindcare.example')).toEqual(['olivia', '.bennett@', 'northwindcare', '.example']);
    expect(emailPieces('sam@example.co.uk')).toEqual(['sam@', 'example', '.co', '.uk']);
    expect(emailPieces('not-an-address')).toEqual(['not-an-address']);
    expect(emailPieces('odd@name@example.org').join('')).toBe('odd@name@example.org');
  });
});
