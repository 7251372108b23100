import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { afterAll, describe, expect, it } from 'vitest';
import { outboxMailer, smtpMailer } from './mailer.js';
import { resetMail } from './messages.js';

const link = 'http://localhost:8080/user/reset/7/1795000000/abcDEF_123-xyz';
const folder = mkdtempSync(join(tmpdir(), 'formsign-outbox-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

describe('mail', () => {
  it('goes through SMTP when SMTP_URL is set', async () => {
    const received: string[] = [];
    const smtp = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      onData(stream, _session, done) {
        let raw = '';
        stream.on('data', (chunk: Buffer) => (raw += chunk.toString()));
        stream.on('end', () => {
          received.push(raw);
          done();
        });
      },
    });
    await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
    const port = (smtp.server.address() as { port: number }).port;
    try {
      await smtpMailer(`smtp://127.0.0.1:${port}`, 'formsign <no-reply@formsign.local>').send(
        resetMail('en', 'ruby.scott@northwindcare.example', 'Ruby Scott', link),
      );
      expect(received).toHaveLength(1);
      const parsed = await simpleParser(received[0] ?? '');
      expect(parsed.subject).toBe('Your formsign password reset');
      expect(parsed.text).toContain(link);
      expect(parsed.html).toContain(`href="${link}"`);
    } finally {
      await new Promise<void>((resolve) => smtp.close(() => resolve()));
    }
  });

  it('is written to the outbox folder as .eml, its link printed in the log, when there is no SMTP', async () => {
    const lines: string[] = [];
    await outboxMailer(folder, 'formsign <no-reply@formsign.local>', { info: (line) => lines.push(line) }).send(
      resetMail('en', 'ruby.scott@northwindcare.example', 'Ruby Scott', link),
    );
    const files = readdirSync(folder);
    expect(files).toHaveLength(1);
    expect(files[0]).toMatch(/ruby-scott-northwindcare-example-your-formsign-password-reset\.eml$/);
    const parsed = await simpleParser(readFileSync(join(folder, files[0] ?? '')));
    expect(parsed.to && 'text' in parsed.to ? parsed.to.text : '').toBe('ruby.scott@northwindcare.example');
    expect(parsed.text).toContain(link);
    expect(lines.join('\n')).toContain(link);
  });

  it("carries attachments (a delivered form's PDF and data)", async () => {
    const attachments = mkdtempSync(join(tmpdir(), 'formsign-outbox-attachments-'));
    try {
      await outboxMailer(attachments, 'formsign <no-reply@formsign.local>', { info: () => undefined }).send({
        to: 'payroll@northwindcare.example',
        subject: 'Timesheet Approval TS-1 is complete',
        text: 'Attached.',
        html: '<p>Attached.</p>',
        attachments: [
          { filename: 'TS-1.csv', contentBase64: Buffer.from('employee,hours\r\nAmelia Hughes,37\r\n').toString('base64'), contentType: 'text/csv' },
          { filename: 'TS-1.pdf', contentBase64: Buffer.from('%PDF-1.7 sealed').toString('base64'), contentType: 'application/pdf' },
        ],
      });
      const parsed = await simpleParser(readFileSync(join(attachments, readdirSync(attachments)[0] ?? '')));
      expect(parsed.attachments.map((file) => [file.filename, file.contentType, file.content.toString()])).toEqual([
        ['TS-1.csv', 'text/csv', 'employee,hours\r\nAmelia Hughes,37\r\n'],
        ['TS-1.pdf', 'application/pdf', '%PDF-1.7 sealed'],
      ]);
    } finally {
      rmSync(attachments, { recursive: true, force: true });
    }
  });
});
