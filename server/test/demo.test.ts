/**
 * The demo organisation shows something on every page that lists forms: a year of them, some
 * waiting for each demo account.
 */
import { describe, expect, it } from 'vitest';
import { useTestServer } from './support/test-server.js';

const server = useTestServer();

describe('the demo organisation', () => {
  it('has forms complete, in progress and waiting for its accounts', async () => {
    const admin = (await server.signIn('demo.admin')).token;
    const basic = (await server.signIn('demo.basic')).token;
    const completed = await server.call('/completed-forms', { method: 'GET', token: admin });
    expect(completed.body.total).toBeGreaterThan(30);
    const workflow = await server.call('/workflow', { method: 'GET', token: admin });
    expect(workflow.body.total).toBeGreaterThan(10);
    expect((await server.call('/pending-form', { method: 'GET', token: admin })).body.total).toBeGreaterThan(0);
    expect((await server.call('/pending-form', { method: 'GET', token: basic })).body.total).toBeGreaterThan(0);
    const templates = await server.call('/getforms', { token: admin, body: { functions: 'list' } });
    expect(templates.body.data.map((row: { title: string }) => row.title)).toEqual(
      expect.arrayContaining(['Incident Report', 'Leave Request', 'Equipment Loan']),
    );
  });

  it('shows a basic user only the forms they sent or take part in', async () => {
    const admin = (await server.signIn('demo.admin')).token;
    const basic = (await server.signIn('demo.basic')).token;
    const all = (await server.call('/completed-forms', { method: 'GET', token: admin, query: 'limit=100' })).body.total as number;
    const theirs = (await server.call('/completed-forms', { method: 'GET', token: basic, query: 'limit=100' })).body.total as number;
    expect(theirs).toBeGreaterThan(0);
    expect(theirs).toBeLessThan(all);
  });
});
