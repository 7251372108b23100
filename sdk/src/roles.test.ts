import { describe, expect, it } from 'vitest';
import { mayCall, roleAllows, roleOfFlags } from './roles.js';

describe('who may call what', () => {
  it('reads a role from the flags: personal and super users are administrators', () => {
    expect(roleOfFlags({ admin: false, personal: false, isSuper: false })).toBe('basic');
    expect(roleOfFlags({ admin: false, personal: true, isSuper: true })).toBe('basic');
    expect(roleOfFlags({ admin: true, personal: true, isSuper: false })).toBe('personal');
    expect(roleOfFlags({ admin: true, personal: false, isSuper: false })).toBe('admin');
    expect(roleOfFlags({ admin: true, personal: false, isSuper: true })).toBe('super');
  });

  it('opens an operation without roles to everyone, and admits super users wherever administrators go', () => {
    expect(roleAllows('basic', [])).toBe(true);
    expect(roleAllows('super', ['admin'])).toBe(true);
    expect(roleAllows('admin', ['super'])).toBe(false);
  });

  it('keeps personal administrators out of an entry for administrators only, and in one also for them', () => {
    expect(roleAllows('personal', ['admin'])).toBe(false);
    expect(roleAllows('personal', ['admin', 'personal'])).toBe(true);
    expect(roleAllows('basic', ['admin', 'personal'])).toBe(false);
    expect(roleAllows('personal', ['admin', 'basic'])).toBe(false);
    expect(roleAllows('basic', ['admin', 'basic'])).toBe(true);
  });

  it("reads an operation's roles from the contract", () => {
    expect(mayCall('admin', 'listUsers')).toBe(true);
    expect(mayCall('basic', 'listUsers')).toBe(false);
    expect(mayCall('basic', 'listCompletedForms')).toBe(true);
  });
});
