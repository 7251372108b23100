import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { users } from '../src/db/schema.js';
import { mostTexts } from '../src/modules/strings/save-strings.js';
import { otherCompany } from './support/fixtures.js';
import { useTestServer } from './support/test-server.js';

const server = useTestServer();

describe("an organisation's wording of the interface", () => {
  it('is changed by an administrator, served by get-strings, and reset to the default', async () => {
    const { token } = await server.signIn('demo.admin');
    const [admin] = await server.ctx.db.select({ companyId: users.companyId }).from(users).where(eq(users.name, 'demo.admin'));
    const cid = admin?.companyId ?? 0;
    const saved = await server.call('/save-strings', {
      token,
      body: { language: 'en', strings: { 'Case Management': '  Tenancies ', Dashboard: 'Overview' } },
    });
    expect(saved.status).toBe(200);
    expect(saved.body.strings.en).toMatchObject({ 'Case Management': 'Tenancies', Dashboard: 'Overview' });
    const read = await server.call('/get-strings', { query: `cid=${cid}` });
    expect(read.body.strings.en).toMatchObject({ 'Case Management': 'Tenancies', Dashboard: 'Overview' });
    const reset = await server.call('/save-strings', { token, body: { language: 'en', strings: { Dashboard: null } } });
    expect(reset.body.strings.en.Dashboard).toBeUndefined();
    expect(reset.body.strings.en['Case Management']).toBe('Tenancies');
  });

  it('is refused to anyone but an administrator, stays in its own company, and is bounded', async () => {
    const basic = await server.signIn('demo.basic');
    expect((await server.call('/save-strings', { token: basic.token, body: { language: 'en', strings: { Dashboard: 'Mine' } } })).status).toBe(403);
    const grace = await server.signIn(otherCompany.admin, 'harbour-pass-1');
    const theirs = await server.call('/save-strings', { token: grace.token, body: { language: 'en', strings: { Dashboard: 'Harbour board' } } });
    expect(theirs.body.strings.en.Dashboard).toBe('Harbour board');
    const { token } = await server.signIn('demo.admin');
    const ours = await server.call('/save-strings', { token, body: { language: 'en', strings: {} } });
    expect(ours.body.strings.en.Dashboard).not.toBe('Harbour board');
    expect((await server.call('/save-strings', { token, body: { language: 'en', strings: { Dashboard: 'x'.repeat(501) } } })).status).toBe(400);
    expect((await server.call('/save-strings', { token, body: { language: 'english!', strings: {} } })).status).toBe(400);
    // Saves of 200 texts at a time stop at the company's bound, and the refused one changes nothing.
    const batch = (from: number) => Object.fromEntries(Array.from({ length: 200 }, (_, index) => [`Text ${from + index}`, 'Mine']));
    const before = await server.call('/save-strings', { token, body: { language: 'en', strings: {} } });
    const kept = Object.keys(before.body.strings.en ?? {}).length;
    let refused: { status: number; body: { message: string } } | undefined;
    for (let from = 0; from <= mostTexts && !refused; from += 200) {
      const answer = await server.call('/save-strings', { token, body: { language: 'de', strings: batch(from) } });
      if (answer.status !== 200) refused = answer;
    }
    expect(refused?.status).toBe(400);
    expect(refused?.body.message).toBe('Your company may reword at most 1,000 texts in all its languages. Reset some to the default first.');
    const after = await server.call('/save-strings', { token, body: { language: 'en', strings: {} } });
    expect(Object.keys(after.body.strings.de ?? {}).length + kept).toBeLessThanOrEqual(mostTexts);
    expect((await server.call('/save-strings', { token, body: { language: 'en', strings: { Dashboard: '   ' } } })).body.message).toBe(
      'Give a text for “Dashboard”, or reset it to the default.',
    );
  });
});
