import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditEvents, supportMessages } from '../src/db/schema.js';
import { useTestServer } from './support/test-server.js';

let mailDown = false;
const server = useTestServer({ mailFails: () => mailDown });

const question = { subject: 'Envelope invoice', message: "Could you send last month's invoice again?" };

describe('a message to support', () => {
  it('is kept, mailed to support with replies going to the sender, and copied to the sender', async () => {
    const { token } = await server.signIn('demo.admin');
    const sent = server.mail.length;
    const answer = await server.call('/contact', { token, body: question });
    expect(answer.body).toEqual({ code: 1, message: 'Thank you. Support will answer by email within one working day.' });

    const [stored] = await server.ctx.db.select().from(supportMessages).where(eq(supportMessages.subject, 'Envelope invoice'));
    expect(stored).toMatchObject({ message: "Could you send last month's invoice again?" });
    const reference = `SUP-${String(stored?.id).padStart(6, '0')}`;
    const [toSupport, copy] = server.mail.slice(sent);
    expect(toSupport).toMatchObject({
      to: 'support@formsign.local',
      subject: `[${reference}] Envelope invoice`,
      replyTo: 'demo.admin@northwindcare.example',
    });
    expect(toSupport?.text).toContain('Olivia Bennett (demo.admin@northwindcare.example, login demo.admin) of Northwind Care Ltd');
    expect(toSupport?.text).toContain("Could you send last month's invoice again?");
    expect(copy).toMatchObject({ to: 'demo.admin@northwindcare.example', subject: 'We received your message: Envelope invoice' });
    expect(copy?.text).toContain(reference);
    const [event] = await server.ctx.db.select().from(auditEvents).where(eq(auditEvents.event, 'support-message'));
    expect(event).toMatchObject({ actor: 'Olivia Bennett', target: 'Envelope invoice', details: { reference } });
  });

  it('needs a subject and a message', async () => {
    const { token } = await server.signIn('demo.basic');
    const sent = server.mail.length;
    expect((await server.call('/contact', { token, body: { subject: '   ', message: 'Hello' } })).body).toEqual({
      code: -1,
      message: 'Please write a subject and a message.',
    });
    expect((await server.call('/contact', { token, body: { subject: 'Hello', message: '\n\n' } })).body.code).toBe(-1);
    expect((await server.call('/contact', { token, body: { subject: 'Hello' } })).status).toBe(400);
    expect(server.mail.length).toBe(sent);
  });

  it('is at most five an hour from one person', async () => {
    const { token } = await server.signIn('demo.super');
    for (let i = 1; i <= 5; i += 1)
      expect((await server.call('/contact', { token, body: { subject: `Question ${i}`, message: 'Hello' } })).body.code).toBe(1);
    const sixth = await server.call('/contact', { token, body: { subject: 'Question 6', message: 'Hello' } });
    expect(sixth).toMatchObject({
      status: 400,
      body: { message: 'You have sent 5 messages to support in the last hour. Please wait for an answer before writing again.' },
    });
    server.clock.advance(61 * 60_000);
    const later = await server.signIn('demo.super');
    expect((await server.call('/contact', { token: later.token, body: { subject: 'Question 7', message: 'Hello' } })).body.code).toBe(1);
  });

  it('that cannot be mailed says so, and is not reported as sent', async () => {
    const { token } = await server.signIn('demo.personal');
    mailDown = true;
    try {
      const answer = await server.call('/contact', { token, body: question });
      expect(answer).toMatchObject({
        status: 500,
        body: { message: 'Your message could not be sent right now. Please try again in a few minutes.' },
      });
    } finally {
      mailDown = false;
    }
  });

  it('needs a signed-in person', async () => {
    expect((await server.call('/contact', { body: question })).status).toBe(401);
  });
});
