import { describe, expect, it } from 'vitest';
import { useTestServer } from './support/test-server.js';

const server = useTestServer();

describe("the signed-in person's account", () => {
  it('shows the profile and company', async () => {
    const { token } = await server.signIn('demo.admin');
    const answer = await server.call('/user', { method: 'GET', token });
    expect(answer.body).toMatchObject({
      user: {
        name: 'demo.admin',
        email: 'demo.admin@northwindcare.example',
        first_name: 'Olivia',
        last_name: 'Bennett',
        role: 'admin',
        job_title: 'Operations Director',
        pending_email: null,
      },
      company: { name: 'Northwind Care Ltd', envelopes: 500, unused_envelopes: 312 },
    });
  });

  it('saves the profile, and the next read shows it', async () => {
    const { token } = await server.signIn('demo.basic');
    const saved = await server.call('/user', {
      method: 'PUT',
      token,
      body: { data: { first_name: 'Liam', last_name: 'Carter-Hale', phone: '+44 20 7946 0999', job_title: 'Senior Carer' } },
    });
    expect(saved.body).toMatchObject({ message: 'Your details have been saved.', user: { last_name: 'Carter-Hale', job_title: 'Senior Carer' } });
    expect((await server.call('/user', { method: 'GET', token })).body.user).toMatchObject({ last_name: 'Carter-Hale', phone: '+44 20 7946 0999' });
  });

  it('refuses a malformed email address with the reason in `error`', async () => {
    const { token } = await server.signIn('demo.basic');
    const refused = await server.call('/user', {
      method: 'PUT',
      token,
      body: { data: { email: 'not an address', current_password: 'formsign-demo' } },
    });
    expect(refused).toMatchObject({ status: 400, body: { error: 'Please enter a valid email address.' } });
  });

  it('changes the password, ending the other sessions but not this one', async () => {
    const here = await server.signIn('demo.super');
    const elsewhere = await server.signIn('demo.super');
    expect(
      (
        await server.call('/user', {
          method: 'PUT',
          token: here.token,
          body: { data: { password: 'super-secret-2', current_password: 'formsign-demo' } },
        })
      ).status,
    ).toBe(200);
    expect((await server.call('/user', { method: 'GET', token: here.token })).status).toBe(200);
    expect((await server.call('/user', { method: 'GET', token: elsewhere.token })).status).toBe(401);
    await server.signIn('demo.super', 'super-secret-2');
  });

  it("saves the company's details and settings (administrators only)", async () => {
    const { token } = await server.signIn('demo.admin');
    const saved = await server.call('/user', {
      token,
      body: { data: { address: '1 New Road, Bristol', settings: { reminder_days: 5, date_format: 'YYYY-MM-DD' } } },
    });
    expect(saved.body).toMatchObject({
      company: { address: '1 New Road, Bristol' },
      settings: { reminder_days: 5, date_format: 'YYYY-MM-DD', language: 'en' },
    });
    expect((await server.call('/fetch-settings', { method: 'GET', token })).body).toMatchObject({
      reminder_days: 5,
      date_format: 'YYYY-MM-DD',
      faq_url: 'https://formsign.example/help/faq',
    });
    const basic = await server.signIn('demo.basic');
    expect((await server.call('/user', { token: basic.token, body: { data: { name: 'Taken Over Ltd' } } })).status).toBe(403);
  });
});
