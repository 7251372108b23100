/**
 * Wrong passwords are counted per account, whatever name or address was typed for it, and
 * the count holds when many attempts arrive at once: five are checked, the rest refused.
 */
import { describe, expect, it } from 'vitest';
import { fixturePassword, otherCompany } from './support/fixtures.js';
import { useTestServer } from './support/test-server.js';

const server = useTestServer();

const login = (name: string, password: string, ip: string) => server.call('/login', { body: { name, password, challenge: false }, ip });

describe('the sign-in lockout', () => {
  it('counts the login name and the email address of one account together', async () => {
    for (let i = 0; i < 3; i += 1) expect((await login('demo.basic', 'wrong-password', `10.50.0.${i}`)).body.code).toBe(0);
    for (let i = 0; i < 2; i += 1) expect((await login('Demo.Basic@northwindcare.example', 'wrong-password', `10.50.1.${i}`)).body.code).toBe(0);
    expect((await login('demo.basic', 'formsign-demo', '10.50.2.1')).body.code).toBe(-208);
    expect((await login('demo.basic@northwindcare.example', 'formsign-demo', '10.50.2.2')).body.code).toBe(-208);
    server.clock.advance(16 * 60_000);
    expect((await login('demo.basic@northwindcare.example', 'formsign-demo', '10.50.2.3')).body.code).toBe(1);
  });

  it('checks no more than five of many wrong passwords sent at once, and then refuses the right one', async () => {
    const answers = await Promise.all(
      Array.from({ length: 19 }, (_, i) => login(i % 2 ? otherCompany.admin : 'grace.okafor@harbourhomes.example', `wrong-${i}`, `10.51.0.${i}`)),
    );
    const codes = answers.map((answer) => answer.body.code);
    expect(codes.filter((code) => code === 0)).toHaveLength(5);
    expect(codes.filter((code) => code === -208)).toHaveLength(14);
    expect((await login(otherCompany.admin, fixturePassword, '10.51.1.1')).body.code).toBe(-208);
  });

  it('counts an unknown name as it counts a known one, so the answers do not tell which exists', async () => {
    const known: number[] = [];
    const unknown: number[] = [];
    for (let i = 0; i < 6; i += 1) {
      known.push((await login(otherCompany.basic, 'wrong-password', `10.52.0.${i}`)).body.code);
      unknown.push((await login('nobody.at.all', 'wrong-password', `10.52.1.${i}`)).body.code);
    }
    expect(known).toEqual([0, 0, 0, 0, 0, -208]);
    expect(unknown).toEqual(known);
  });

  it('forgets the count of an account after a right password', async () => {
    for (let i = 0; i < 4; i += 1) await login('demo.admin', 'wrong-password', `10.53.0.${i}`);
    expect((await login('demo.admin', 'formsign-demo', '10.53.1.1')).body.code).toBe(1);
    for (let i = 0; i < 4; i += 1) expect((await login('demo.admin@northwindcare.example', 'wrong-password', `10.53.2.${i}`)).body.code).toBe(0);
    expect((await login('demo.admin', 'formsign-demo', '10.53.1.2')).body.code).toBe(1);
  });

  it('still counts wrong passwords from one address, atomically too', async () => {
    const answers = await Promise.all(Array.from({ length: 24 }, (_, i) => login(`someone.${i}`, 'wrong-password', '10.54.0.1')));
    expect(answers.filter((answer) => answer.body.code === 0)).toHaveLength(20);
    expect((await login('demo.personal', 'formsign-demo', '10.54.0.1')).body.code).toBe(-208);
  });
});
