/** The calls whose requests are not plain JSON or carry the token in their body. */
import { describe, expect, it } from 'vitest';
import { fakeClient, json, token } from '../../test/support/fake-fetch.js';

describe('tutorials.saveSubtitle', () => {
  it('posts multipart with function=subtitle and the track as JSON in data', async () => {
    const tracks = [{ label: 'English', srclang: 'en', src: '/media/t.en.vtt' }];
    const { client, server } = fakeClient(() => json(tracks));
    const track = { video: '/media/t.mp4', label: 'English', srclang: 'en', vtt: 'WEBVTT\n\n00:00.000 --> 00:01.000\nHello' };
    await expect(client.tutorials.saveSubtitle(track)).resolves.toEqual(tracks);
    const request = server.last();
    expect(request.headers.get('Content-Type')).toMatch(/^multipart\/form-data; boundary=/);
    const form = await request.formData();
    expect(form.get('function')).toBe('subtitle');
    expect(JSON.parse(String(form.get('data')))).toEqual(track);
  });
});

describe('signing.verify', () => {
  it('posts the PDF as the multipart file part, under its own name', async () => {
    const verdict = {
      verdict: 'foreign',
      message: 'This document was not sealed by this formsign: it carries no seal of ours.',
      sealed_by: null,
      form: null,
    };
    const { client, server } = fakeClient(() => json(verdict));
    const pdf = new File(['%PDF-1.7 a document'], 'Leave Request NWC-2026-0042.pdf', { type: 'application/pdf' });
    await expect(client.signing.verify(pdf)).resolves.toEqual(verdict);
    const request = server.last();
    expect(new URL(request.url).pathname).toMatch(/\/verify$/);
    expect(request.headers.get('Content-Type')).toMatch(/^multipart\/form-data; boundary=/);
    const part = (await request.formData()).get('file');
    expect(part).toBeInstanceOf(File);
    expect([(part as File).name, await (part as File).text()]).toEqual(['Leave Request NWC-2026-0042.pdf', '%PDF-1.7 a document']);
  });
});

describe('templates', () => {
  it("listing repeats the caller's token in the body, or '' without one", async () => {
    const { client, server } = fakeClient(() => json({ all: [] }));
    await client.templates.listing({ search: 'incident' });
    expect(await server.last().json()).toEqual({ search: 'incident', token });
    const anonymous = fakeClient(() => json({ all: [] }), { token: () => null });
    await anonymous.client.templates.listing();
    expect(await anonymous.server.last().json()).toEqual({ search: '', token: '' });
  });

  it('manage adds the token to the command', async () => {
    const { client, server } = fakeClient(() => json({ code: 1, message: '', page: 1, limit: 25, total: 0, data: [] }));
    await client.templates.manage({ functions: 'archive', ids: [3001, 3002] });
    expect(await server.last().json()).toEqual({ functions: 'archive', ids: [3001, 3002], token });
  });

  it('uploadPdf posts multipart with function=upload, the id as text and the file under its own name', async () => {
    const answer = { code: 1, message: '', template: null };
    const { client, server } = fakeClient(() => json(answer));
    const file = new File(['%PDF-1.7\n'], 'Tenancy agreement.pdf', { type: 'application/pdf' });
    await expect(client.templates.uploadPdf(3004, file)).resolves.toEqual(answer);
    const request = server.last();
    expect(request.url).toBe('http://formsign.test/api/template-pdf');
    expect(request.headers.get('Content-Type')).toMatch(/^multipart\/form-data; boundary=/);
    const form = await request.formData();
    expect(form.get('function')).toBe('upload');
    expect(form.get('id')).toBe('3004');
    const sent = form.get('file');
    expect(sent).toBeInstanceOf(File);
    expect((sent as File).name).toBe('Tenancy agreement.pdf');
    expect(await (sent as File).text()).toBe('%PDF-1.7\n');
  });

  it('removePdf posts function=remove without a file; a refusal is an error with the server’s words', async () => {
    const { client, server } = fakeClient(() => json({ code: 1, message: '', template: null }));
    await client.templates.removePdf(3004);
    const form = await server.last().formData();
    expect([...form.keys()].sort()).toEqual(['function', 'id']);
    expect(form.get('function')).toBe('remove');
    const refused = fakeClient(() => json({ code: -1, message: 'This file is not a PDF we can read.', template: null }));
    await expect(refused.client.templates.uploadPdf(3004, new Blob(['hello']))).rejects.toMatchObject({
      message: 'This file is not a PDF we can read.',
    });
  });
});

describe('database.export', () => {
  it('answers the CSV text and sends the filters as a deepObject', async () => {
    const csv = 'reference,template\nNWC-1,Incident Report\n';
    const { client, server } = fakeClient(() => new Response(csv, { headers: { 'Content-Type': 'text/csv' } }));
    await expect(client.database.export({ template: 3001, from: '2026-11-01' })).resolves.toBe(csv);
    expect(server.last().url).toBe('http://formsign.test/api/get-exports?filters[template]=3001&filters[from]=2026-11-01');
  });
});

describe('bodies wrapped in data', () => {
  it('time entries, reports and groups travel as { data }', async () => {
    const { client, server } = fakeClient(() => json({ code: 1, message: '', data: [] }));
    await client.timeAttendance.entries({ action: 'list', from: '2026-11-16', to: '2026-11-20' });
    await client.timeAttendance.report({ from: '2026-11-01', to: '2026-11-20' });
    await client.settings.groups({ action: 'list' });
    const bodies = await Promise.all(server.requests.map((request) => request.json()));
    expect(bodies).toEqual([
      { data: { action: 'list', from: '2026-11-16', to: '2026-11-20' } },
      { data: { from: '2026-11-01', to: '2026-11-20' } },
      { data: { action: 'list' } },
    ]);
  });
});
