import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { readConfig } from './config.js';

describe('the configuration', () => {
  it('has defaults that suit a laptop', () => {
    const config = readConfig({}, '/home/grace/formsign');
    expect(config).toMatchObject({
      port: 8080,
      dataDir: '/home/grace/formsign/data',
      databaseUrl: undefined,
      publicUrl: 'http://localhost:8080',
      demo: true,
      tokenTtlSeconds: 3600,
      sessionDays: 30,
      supportEmail: 'support@formsign.local',
    });
  });

  it('says clearly what is wrong with a value', () => {
    expect(() => readConfig({ PORT: 'eighty' })).toThrow('PORT must be a whole number from 0 to 65535; it is "eighty".');
    expect(() => readConfig({ FORMSIGN_ADMIN_NAME: 'root' })).toThrow(
      'FORMSIGN_ADMIN_NAME, FORMSIGN_ADMIN_EMAIL and FORMSIGN_ADMIN_PASSWORD go together: set all three.',
    );
    expect(() => readConfig({ FORMSIGN_SUPPORT_EMAIL: 'the help desk' })).toThrow(
      'FORMSIGN_SUPPORT_EMAIL must be an email address; it is "the help desk".',
    );
    expect(() => readConfig({ FORMSIGN_TSA_URL: 'http://10.1.2.3/tsa' })).toThrow(
      'FORMSIGN_TSA_URL: 10.1.2.3 is a private network address: formsign sends only to addresses on the public internet. List it in FORMSIGN_OUTBOUND_ALLOW to reach it.',
    );
    expect(readConfig({ FORMSIGN_TSA_URL: 'http://10.1.2.3/tsa', FORMSIGN_OUTBOUND_ALLOW: '10.1.2.0/24' }).tsaUrl).toBe('http://10.1.2.3/tsa');
  });

  it('takes the first administrator when the demo is off', () => {
    const config = readConfig({
      FORMSIGN_DEMO: '0',
      FORMSIGN_ADMIN_NAME: 'root',
      FORMSIGN_ADMIN_EMAIL: 'root@example.org',
      FORMSIGN_ADMIN_PASSWORD: 'a-long-secret',
    });
    expect(config).toMatchObject({ demo: false, firstAdmin: { name: 'root', email: 'root@example.org', password: 'a-long-secret' } });
  });

  it('takes payments with Stripe given both its keys, with the test provider only when FORMSIGN_PAYMENTS=test, and otherwise not at all', () => {
    expect(readConfig({}).payments).toEqual({ kind: 'none' });
    expect(readConfig({ FORMSIGN_DEMO: '1' }).payments).toEqual({ kind: 'none' });
    expect(readConfig({ FORMSIGN_PAYMENTS: 'test' }).payments).toEqual({ kind: 'test' });
    const stripe = readConfig({ STRIPE_SECRET_KEY: 'sk_live_1', STRIPE_WEBHOOK_SECRET: 'whsec_1' }).payments;
    expect(stripe).toMatchObject({ kind: 'stripe', secretKey: 'sk_live_1', webhookSecret: 'whsec_1' });
    expect(stripe.kind === 'stripe' ? stripe.apiUrl.href : null).toBe('https://api.stripe.com/');
    expect(() => readConfig({ FORMSIGN_PAYMENTS: 'free' })).toThrow(
      'FORMSIGN_PAYMENTS is "test" (the test provider, which takes no money) or unset; it is "free".',
    );
    expect(() => readConfig({ STRIPE_SECRET_KEY: 'sk_live_1' })).toThrow(
      'STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET go together: set both to take payments with Stripe, or neither.',
    );
    expect(() => readConfig({ STRIPE_SECRET_KEY: 'sk_live_1', STRIPE_WEBHOOK_SECRET: 'whsec_1', FORMSIGN_PAYMENTS: 'test' })).toThrow(
      'FORMSIGN_PAYMENTS=test and the Stripe keys are both set: choose one way of taking payments.',
    );
    // Stripe's API is reached as any other system is: this machine only when allowed.
    const local = { STRIPE_SECRET_KEY: 'sk_test_1', STRIPE_WEBHOOK_SECRET: 'whsec_1', STRIPE_API_URL: 'http://127.0.0.1:12111' };
    expect(() => readConfig(local)).toThrow('STRIPE_API_URL: 127.0.0.1 is this server itself (a loopback address)');
    expect(readConfig({ ...local, FORMSIGN_OUTBOUND_ALLOW: '127.0.0.1' }).payments).toMatchObject({ kind: 'stripe' });
  });

  it('is listed in the README, variable for variable', () => {
    const source = readFileSync(new URL('./config.ts', import.meta.url), 'utf8');
    const read = new Set([...source.matchAll(/env(?:\[|, )'([A-Z0-9_]+)'/g)].map((match) => match[1]));
    const readme = readFileSync(new URL('../../README.md', import.meta.url), 'utf8');
    const section = readme.slice(readme.indexOf('## Configuration'), readme.indexOf('## Other commands'));
    const listed = new Set(
      [...section.matchAll(/^\| (`[A-Z0-9_]+`(?:, `[A-Z0-9_]+`)*) +\|/gm)].flatMap((match) =>
        [...(match[1] ?? '').matchAll(/`([A-Z0-9_]+)`/g)].map((name) => name[1]),
      ),
    );
    expect([...listed].sort()).toEqual([...read].sort());
  });
});
