/**
 * Every operation of the contract, called once through the friendly layer against the Prism
 * mock; each typed result is checked against the example the mock serves.
 */
import { describe, expect, it } from 'vitest';
import { bulkSendsApi, operations, type FormsignClient, type OperationId } from '../src/index.js';
import { example, headerExample } from './support/contract.js';
import { mockClient } from './support/mock-server.js';

const client: FormsignClient = mockClient();

const filters = { search: 'care plan', from: '2026-11-01', to: '2026-11-20', sort: 'completed_at', order: 'desc' as const };

/** One check per operation; the type makes the table name every operation of the contract. */
const checks: { [Id in OperationId]: () => Promise<void> } = {
  async login() {
    const { body, headers } = await client.auth.login({ name: 'olivia.bennett', password: 'correct-horse-battery' });
    expect(body).toEqual(example('login'));
    expect(body.username).toBe('Olivia Bennett');
    expect(headers).toEqual({
      accessToken: headerExample('login', 'access-token'),
      idToken: headerExample('login', 'id-token'),
      refreshToken: headerExample('login', 'refresh-token'),
    });
  },
  async verifySecondFactor() {
    const { body, headers } = await client.auth.verifySecondFactor({ ticket: 'mfa_3kQ9vT2xW7pL0aZ5', action: 'verify', code: '492038' });
    expect(body).toEqual(example('verifySecondFactor'));
    expect(body.code).toBe(1);
    expect(headers.accessToken).toBe(headerExample('verifySecondFactor', 'access-token'));
  },
  async refreshSession() {
    const { body, headers } = await client.auth.refresh('rt.4f9d2c7b1e8a6f3d0c5b');
    expect(body).toEqual(example('refreshSession'));
    expect(headers.refreshToken).toBe(headerExample('refreshSession', 'refresh-token'));
  },
  async logout() {
    const result = await client.auth.logout();
    expect(result).toEqual(example('logout'));
    expect(result.code).toBe(1);
  },
  async register() {
    const result = await client.auth.register({
      first_name: 'Grace',
      last_name: 'Okafor',
      email: 'grace.okafor@harbourhomes.example',
      name: 'grace.okafor',
      password: 'my-new-secret-9',
      company_name: 'Harbour Homes',
      pmachinename: '',
    });
    expect(result).toEqual(example('register'));
  },
  async activate() {
    expect(await client.auth.activate({ key: '7f3c9a1e5b2d4c6f8a0b1c2d3e4f5a6b' })).toEqual(example('activate'));
  },
  async forgotPassword() {
    const result = await client.auth.forgotPassword({ email: 'olivia.bennett@northwindcare.example' });
    expect(result).toEqual(example('forgotPassword'));
  },
  async setNewPassword() {
    const result = await client.auth.setNewPassword({
      userId: '1001',
      timestamp: '1795000000',
      hashedPassword: '9b2e7c4d1a8f3e6b5c0d',
      password: 'a-much-better-secret',
    });
    expect(result.code).toBe(1);
  },
  async countUnusedEnvelopes() {
    const unused: number = await client.account.countUnusedEnvelopes();
    expect(unused).toBe((example('countUnusedEnvelopes') as { unused: number }).unused);
  },
  async saveStrings() {
    expect(await client.strings.save({ language: 'en', strings: { 'Case Management': 'Tenancies' } })).toEqual(example('saveStrings'));
  },
  async getStrings() {
    const strings = await client.strings.get(42);
    expect(strings).toEqual(example('getStrings'));
    expect(strings.languages.map((language) => language.code)).toContain(strings.default);
  },
  async listVideoTutorials() {
    const videos = await client.tutorials.videos();
    expect(videos).toEqual(example('listVideoTutorials'));
    expect(videos[0]?.subtitle).toBeInstanceOf(Array);
  },
  async listPdfTutorials() {
    const pdfs = await client.tutorials.pdfs();
    expect(pdfs).toEqual(example('listPdfTutorials'));
  },
  async saveSubtitle() {
    const tracks = await client.tutorials.saveSubtitle({
      video: '/media/tutorials/welcome-to-formsign.mp4',
      label: 'English',
      srclang: 'en',
      vtt: 'WEBVTT',
    });
    expect(tracks).toEqual(example('saveSubtitle'));
    expect(tracks[0]?.srclang).toBe('en');
  },
  async listCompletedForms() {
    const page = await client.forms.completed({ page: 1, limit: 25, filters: { ...filters, template: 3001, status: 'completed' } });
    expect(page).toEqual(example('listCompletedForms'));
    expect(page.data[0]?.reference).toMatch(/^NWC-/);
  },
  async listPendingForms() {
    const page = await client.forms.pending({ page: 1, limit: 25, disapprove: 7212, comment: 'The dates do not match the rota.' });
    expect(page).toEqual(example('listPendingForms'));
    expect(page.data[0]?.action).toMatch(/^(sign|approve|fill)$/);
  },
  async sendForm() {
    const result = await client.workflow.send({ template: 3001, recipients: [{ name: 'Margaret Ellis', email: 'margaret.ellis@mail.example' }] });
    expect(result).toEqual(example('sendForm'));
  },
  async getFormProgress() {
    expect(await client.workflow.progress(5125)).toEqual(example('getFormProgress'));
  },
  async manageFormProgress() {
    const result = await client.workflow.manage({ id: 5125, action: 'remind' });
    expect(result).toEqual(example('manageFormProgress'));
  },
  async listWorkflow() {
    const page = await client.workflow.list({ page: 1, limit: 25, disapprove: 1, comment: 'Please attach it.', account: 42, id: 8324, filters });
    expect(page).toEqual(example('listWorkflow'));
    expect(page.data[0]?.account).toBe(42);
  },
  async listSupportingDocuments() {
    const page = await client.forms.supporting({ page: 1, limit: 25, filters });
    expect(page).toEqual(example('listSupportingDocuments'));
    expect(page.data[0]?.size).toBeGreaterThan(0);
  },
  async listFormAudit() {
    const audit = await client.forms.audit({ page: 1, limit: 25, filters });
    expect(audit).toEqual(example('listFormAudit'));
    expect(audit.query.page).toBe(1);
  },
  async listTemplateListing() {
    const listing = await client.templates.listing({ search: 'incident' });
    expect(listing).toEqual(example('listTemplateListing'));
    expect(listing.all[0]?.title).toEqual(expect.any(String));
  },
  async manageTemplates() {
    const result = await client.templates.manage({ functions: 'list', page: 1, limit: 25, filters: {} });
    expect(result).toEqual(example('manageTemplates'));
    expect(result.code).toBe(1);
  },
  async getTemplate() {
    const template = await client.templates.get(3001);
    expect(template).toEqual(example('getTemplate'));
    expect(template.fields.length).toBeGreaterThan(0);
  },
  async manageTemplatePdf() {
    const saved = await client.templates.uploadPdf(3004, new Blob(['%PDF-1.7\n'], { type: 'application/pdf' }));
    expect(saved).toEqual(example('manageTemplatePdf'));
    expect(saved.template?.pdf_pages?.length).toBeGreaterThan(0);
    expect(saved.template?.fields.some((field) => field.placement)).toBe(true);
  },
  async listTemplateSummaries() {
    const summaries = await client.templates.summaries();
    expect(summaries).toEqual(example('listTemplateSummaries'));
    expect(summaries.data[0]?.id).toEqual(expect.any(Number));
  },
  async getDashboard() {
    const chart = await client.analytics.dashboard('formsPerMonth');
    expect(chart).toEqual(example('getDashboard'));
    expect(chart.series[0]?.values.length).toBe(chart.labels.length);
  },
  async getPivot() {
    const pivot = await client.analytics.pivot({ template: 3007, row: 'site', column: 'approved', value: 'count' });
    expect(pivot).toEqual(example('getPivot'));
    expect(pivot.cells.length).toBe(pivot.rows.length);
  },
  async listDatabaseForms() {
    const page = await client.database.forms({ page: 1, limit: 25, filters: { template: 3007 }, rows: 'reference,site,hours', func: 'sum' });
    expect(page).toEqual(example('listDatabaseForms'));
    expect(page.data[0]?.values).toEqual(expect.any(Object));
  },
  async manageTutorial() {
    const items = await client.tutorials.save({ kind: 'pdf', path: 'general', title: 'Staff handbook', file: new Blob(['%PDF-1.7\n']) });
    expect(items).toEqual(example('manageTutorial'));
  },
  async exportFormAudit() {
    const file = await client.forms.exportAudit('csv', { form: 42 });
    expect(await file.text()).toBe(example('exportFormAudit'));
  },
  async exportDatabase() {
    const csv: string = await client.database.export({ template: 3007, from: '2026-11-01' });
    expect(csv).toBe(example('exportDatabase'));
    expect(csv.split('\n')[0]).toMatch(/^reference,/);
  },
  async manageDevices() {
    const page = await client.devices.manage({ action: 'list', keys: 'ipad' });
    expect(page).toEqual(example('manageDevices'));
    expect(page.data[0]?.platform).toEqual(expect.any(String));
  },
  async downloadFile() {
    const file = await client.storage.download({ key: 'forms/1/5124-sealed.pdf', exp: 1795003600, sig: '3kQ9vT2xW7pL0aZ5bN8mC1dF4gH6jK' });
    expect(await file.text()).toBe(example('downloadFile'));
  },
  async manageStorage() {
    const storage = await client.storage.manage({ data: { action: 'list' }, page: 1, limit: 25, stored: '' });
    expect(storage).toEqual(example('manageStorage'));
    expect(storage.save.quota).toBeGreaterThan(0);
  },
  async listUsers() {
    const page = await client.users.list({ page: 1, limit: 25, filters: {} });
    expect(page).toEqual(example('listUsers'));
    expect(page.data[0]?.force_mfa).toMatch(/^(Yes|No)$/);
  },
  async runUserCommand() {
    const result = await client.users.command({ id: 2001, email: 'amelia.hughes@northwindcare.example', type: 'mfa', value: 1 });
    expect(result).toEqual(example('runUserCommand'));
  },
  async inviteUsers() {
    const users = [
      { email: 'maya.fischer@northwindcare.example', first_name: 'Maya', last_name: 'Fischer', class: 'Staff' },
      { email: 'amelia.hughes@northwindcare.example', first_name: 'Amelia', last_name: 'Hughes', class: 'Staff' },
      { email: 'ruby.scott@northwindcare.example', first_name: 'Ruby', last_name: 'Scott', class: 'Staff' },
    ];
    const outcomes = await client.users.invite(users);
    expect(outcomes).toEqual(users.map((user) => ({ user, code: 1, text: 'Invitation sent successfully.', ok: true })));
  },
  async listLogs() {
    const page = await client.logs.list({ page: 1, limit: 25, filters: { source: 'user' } });
    expect(page).toEqual(example('listLogs'));
    expect(page.data[0]?.source).toBe('user');
  },
  async manageIntegrations() {
    const result = await client.integrations.manage({ action: 'list' });
    expect(result).toEqual(example('manageIntegrations'));
    expect(result.forms[0]?.source).toEqual(expect.any(String));
  },
  async setIntegrationCredentials() {
    const integration = await client.integrations.setCredentials({ sid: 2, username: 'formsign', password: 'correct horse battery staple' });
    expect(integration).toEqual(example('setIntegrationCredentials'));
    expect(integration).not.toHaveProperty('password');
  },
  async listIntegrationDeliveries() {
    const page = await client.integrations.deliveries({ sid: 2, page: 1, limit: 25 });
    expect(page).toEqual(example('listIntegrationDeliveries'));
  },
  async sendDeliveryAgain() {
    const attempt = await client.integrations.sendAgain(2, 41);
    expect(attempt).toEqual(example('sendDeliveryAgain'));
  },
  async listWebhookSubscriptions() {
    expect(await client.integrations.webhooks()).toEqual(example('listWebhookSubscriptions'));
  },
  async createWebhookSubscription() {
    const made = await client.integrations.subscribe({
      url: 'https://hooks.northwindcare.example/formsign',
      events: ['form.completed', 'form.sealed'],
    });
    expect(made).toEqual(example('createWebhookSubscription'));
    expect(made.secret).toMatch(/^whsec_/);
  },
  async updateWebhookSubscription() {
    expect(await client.integrations.changeWebhook({ id: 3, paused: true })).toEqual(example('updateWebhookSubscription'));
  },
  async deleteWebhookSubscription() {
    expect(await client.integrations.removeWebhook(3)).toEqual(example('deleteWebhookSubscription'));
  },
  async rollWebhookSecret() {
    expect(await client.integrations.rollWebhookSecret(3)).toEqual(example('rollWebhookSecret'));
  },
  async listWebhookDeliveries() {
    expect(await client.integrations.webhookDeliveries({ subscription: 3, page: 1, limit: 25 })).toEqual(example('listWebhookDeliveries'));
  },
  async sendWebhookAgain() {
    expect(await client.integrations.sendWebhookAgain(3, 88)).toEqual(example('sendWebhookAgain'));
  },
  async fetchPrepopulation() {
    // One record (`oid`): the mock answers the example of a record.
    const result = await client.prepopulation.fetch({ id: 1, oid: 'T-1001', refs: 'name,address' });
    expect(result).toEqual(example('fetchPrepopulation', 'record'));
    expect(result.error).toBe(false);
  },
  async uploadPrepopulationSource() {
    const file = new Blob(['Ref,Tenant\nT-1,Margaret Ellis\n'], { type: 'text/csv' });
    const result = await client.prepopulation.upload({ name: 'Tenancies', template: 3010, file });
    expect(result).toEqual(example('uploadPrepopulationSource'));
    expect(result.code).toBe(1);
  },
  async managePrepopulationSource() {
    const result = await client.prepopulation.manageSource({ function: 'rename', id: 3, name: 'Tenancies 2027' });
    expect(result).toEqual(example('managePrepopulationSource'));
  },
  async listPrepopulationRecords() {
    const result = await client.prepopulation.records({ id: 3 });
    expect(result).toEqual(example('listPrepopulationRecords'));
    expect(result.records[0]?.oid).toBe('T-0412');
  },
  async managePrepopulationRecord() {
    const result = await client.prepopulation.manageRecord({ function: 'save', id: 3, oid: 'T-0412', values: { Rent: '900' } });
    expect(result).toEqual(example('managePrepopulationRecord'));
  },
  async listStaff() {
    const staff = await client.timeAttendance.staff();
    expect(staff).toEqual(example('listStaff'));
    expect(staff.data[0]?.present).toEqual(expect.any(Boolean));
  },
  async listVisitors() {
    const visitors = await client.timeAttendance.visitors();
    expect(visitors).toEqual(example('listVisitors'));
  },
  async manageTimeEntries() {
    const entries = await client.timeAttendance.entries({ action: 'list', from: '2026-11-16', to: '2026-11-20' });
    expect(entries).toEqual(example('manageTimeEntries'));
    expect(entries.data[0]?.direction).toMatch(/^(in|out)$/);
  },
  async getTimeReport() {
    const report = await client.timeAttendance.report({ from: '2026-11-01', to: '2026-11-20', group: 'person' });
    expect(report).toEqual(example('getTimeReport'));
    expect(report.rows[0]?.staff_hours).toEqual(expect.any(Number));
  },
  async listTenants() {
    const tenants = await client.cases.tenants();
    expect(tenants).toEqual(example('listTenants'));
  },
  async getTenant() {
    const tenant = await client.cases.tenant(6001);
    expect(tenant).toEqual(example('getTenant'));
    expect(tenant.forms).toBeInstanceOf(Array);
  },
  async saveTenant() {
    const tenant = await client.cases.save({
      name: 'Margaret Ellis',
      address: '23 Harbour Street, Bristol BS1 4QA',
      phone: '',
      email: '',
      status: 'open',
    });
    expect(tenant).toEqual(example('saveTenant'));
  },
  async addTenantNote() {
    expect(await client.cases.addNote({ tenant: 6001, text: 'Visited; the boiler is fixed.' })).toEqual(example('addTenantNote'));
  },
  async fileFormOnCase() {
    expect(await client.cases.fileForm({ form: 8301, tenant: 6001 })).toEqual(example('fileFormOnCase'));
  },
  async listPeople() {
    const people = await client.cases.people();
    expect(people).toEqual(example('listPeople'));
  },
  async fetchSettings() {
    const settings = await client.settings.get();
    expect(settings).toEqual(example('fetchSettings'));
    expect(settings.retention_days).toBeGreaterThanOrEqual(30);
  },
  async manageCategories() {
    const categories = await client.settings.categories({ action: 'save', name: 'Facilities' });
    expect(categories).toEqual(example('manageCategories'));
  },
  async manageGroups() {
    const groups = await client.settings.groups({ action: 'save', name: 'Night shift', members: [2001, 2004] });
    expect(groups).toEqual(example('manageGroups'));
    expect(groups.data[0]?.members).toBeInstanceOf(Array);
  },
  async downloadBulkSendCsv() {
    const csv = await bulkSendsApi(client.transport).csvTemplate(3001);
    expect(csv.split('\r\n')[0]).toBe('Client name,Client email,Location');
  },
  async listBulkSends() {
    const bulk = bulkSendsApi(client.transport);
    expect(await bulk.list()).toEqual(example('listBulkSends', 'ok'));
    // One send (`id`): the mock answers its progress.
    const one = example('listBulkSends', 'one') as { data: unknown[]; detail: object };
    expect(await bulk.get(12)).toEqual({ ...one.detail, bulk_send: one.data[0] });
  },
  async startBulkSend() {
    const file = new Blob(['Client name,Client email\nAnn,ann@mail.example\n'], { type: 'text/csv' });
    const result = await bulkSendsApi(client.transport).start({ template: 3001, file });
    expect(result).toEqual(example('startBulkSend'));
    expect(result.code).toBe(1);
  },
  async cancelBulkSend() {
    const result = await bulkSendsApi(client.transport).cancel(12);
    expect(result).toEqual(example('cancelBulkSend'));
    expect(result.code).toBe(1);
  },
  async listApiKeys() {
    const keys = await client.settings.apiKeys();
    expect(keys).toEqual(example('listApiKeys'));
    expect(JSON.stringify(keys)).not.toContain('secret');
  },
  async createApiKey() {
    const made = await client.settings.createApiKey({ name: 'CRM export', role: 'basic', expires_at: '2027-06-30' });
    expect(made).toEqual(example('createApiKey'));
    expect(made.secret?.startsWith(made.key?.prefix ?? '-')).toBe(true);
  },
  async manageCompanyStamp() {
    const saved = await client.settings.uploadStamp(new Blob([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], { type: 'image/png' }));
    expect(saved).toEqual(example('manageCompanyStamp'));
    expect(saved.stamp?.width).toBeGreaterThan(0);
  },
  async revokeApiKey() {
    const revoked = await client.settings.revokeApiKey(12);
    expect(revoked).toEqual(example('revokeApiKey'));
    expect(revoked.key?.revoked_at).not.toBeNull();
  },
  async getAccount() {
    const account = await client.account.get();
    expect(account).toEqual(example('getAccount'));
    expect(account.user.role).toBe('admin');
  },
  async updateProfile() {
    const saved = await client.account.updateProfile({ first_name: 'Olivia', last_name: 'Bennett-Shaw', phone: '+44 20 7946 0321' });
    expect(saved).toEqual(example('updateProfile'));
  },
  async confirmEmail() {
    expect(
      await client.account.confirmEmail({ key: '1001.1795000000.b2xpdmlhLmJlbm5ldHRAbWFpbC5leGFtcGxl.Q2hhbmdlT2ZBZGRyZXNzU2lnbmF0dXJlMDAw' }),
    ).toEqual(example('confirmEmail'));
  },

  async saveCompany() {
    const saved = await client.account.saveCompany({
      name: 'Northwind Care Ltd',
      address: '14 Harbour Street, Bristol BS1 4QA',
      settings: { reminder_days: 3 },
    });
    expect(saved).toEqual(example('saveCompany'));
    expect(saved.settings.timezone).toEqual(expect.any(String));
  },
  async manageProducts() {
    const products = await client.account.products();
    expect(products).toEqual(example('manageProducts'));
    expect(products.payments).toBe('stripe');
    // The mock answers each question with its own example (x-mock-examples); Prefer picks another.
    const checkout = await client.account.checkout({ product: 'env-250', quantity: 1 });
    expect(checkout).toEqual(example('manageProducts', 'checkout'));
    const status = await client.account.purchaseStatus('cs_test_a1B2c3D4e5');
    expect(status).toEqual(example('manageProducts', 'paid'));
    expect(status.status).toBe('complete');
    const open = await client.account.purchaseStatus('cs_test_a1B2c3D4e5', { headers: { Prefer: 'example=open' } });
    expect(open.status).toBe('open');
  },
  async grantEnvelopes() {
    const granted = await client.account.grantEnvelopes({ company: 2, envelopes: 100, reason: 'Invoice 2026-0142 paid by bank transfer' });
    expect(granted).toEqual(example('grantEnvelopes'));
  },
  async listOrganisations() {
    const found = await client.account.organisations({ search: 'harbour' });
    expect(found).toEqual(example('listOrganisations'));
    const none = await client.account.organisations({ search: 'nobody' }, { headers: { Prefer: 'example=empty' } });
    expect(none.data).toEqual([]);
  },
  async receiveStripeEvent() {
    const event = JSON.stringify({
      id: 'evt_1',
      object: 'event',
      type: 'checkout.session.completed',
      data: { object: { id: 'cs_test_a1B2c3D4e5' } },
    });
    expect(await client.account.deliverStripeEvent(event, 't=1795000000,v1=00')).toEqual({ received: true });
  },
  async webSigning() {
    const data = await client.signing.call({
      function: 'load',
      id: 'f7c2a9e4-31b8-4d6a-9e0f-5c4b3a2d1e0f',
      refs: '',
      token: 'sgn_8Qm2xV7pL4',
      order: 1,
      uuid: '0b6f1a9e',
    });
    expect(data).toEqual((example('webSigning') as { data: unknown }).data);
    expect(data && 'fields' in data ? data.fields.length : 0).toBeGreaterThan(0);
  },
  async signingPreview() {
    const pdf = await client.signing.preview({
      id: 'f7c2a9e4-31b8-4d6a-9e0f-5c4b3a2d1e0f',
      token: 'sgn_8Qm2xV7pL4',
      values: { full_name: 'Margaret Ellis' },
    });
    expect((await pdf.text()).startsWith('%PDF-1.4')).toBe(true);
  },
  async showSingleSignOn() {
    expect(await client.settings.singleSignOn()).toEqual(example('showSingleSignOn'));
  },
  async saveSingleSignOn() {
    const saved = await client.settings.saveSingleSignOn({
      enabled: true,
      issuer: 'https://login.northwind.example',
      client_id: 'formsign',
      client_secret: 's3cr3t-from-the-provider',
      display_name: 'Northwind Login',
      allow_create: true,
      required: false,
    });
    expect(saved).toEqual(example('saveSingleSignOn'));
    expect(saved).not.toHaveProperty('client_secret');
  },
  async lookUpSingleSignOn() {
    expect(await client.auth.singleSignOn({ name: 'olivia.bennett' })).toEqual(example('lookUpSingleSignOn'));
  },
  async startSingleSignOn() {
    const { response } = await client.raw.GET('/sso/start', { params: { query: { organisation: 1 } }, redirect: 'manual' });
    expect(response.status).toBe(303);
  },
  async finishSingleSignOn() {
    const { response } = await client.raw.GET('/sso/callback', { params: { query: { code: 'Xa9kQ2', state: 'kq8Zt3' } }, redirect: 'manual' });
    expect(response.status).toBe(303);
  },
  async verifyDocument() {
    const pdf = new File(['%PDF-1.7\n% a sealed document\n'], 'Leave Request NWC-2026-0042.pdf', { type: 'application/pdf' });
    const verification = await client.signing.verify(pdf);
    expect(verification).toEqual(example('verifyDocument'));
    expect(verification.form?.signers.map((signer) => signer.name)).toEqual(['Amelia Hughes', 'Olivia Bennett']);
  },
  async contactSupport() {
    const result = await client.support.contact({ subject: 'Envelope invoice', message: "Could you send last month's invoice again?" });
    expect(result).toEqual(example('contactSupport'));
  },
};

describe('every operation through the friendly layer', () => {
  it('covers every operation of the contract', () => {
    expect(Object.keys(checks).sort()).toEqual(Object.keys(operations).sort());
  });

  it.each(Object.keys(checks) as OperationId[])('%s', async (id) => {
    await checks[id]();
  });
});

describe('a few outcomes chosen with Prefer', () => {
  it('the empty page of completed forms', async () => {
    const page = await client.forms.completed({ page: 1 }, { headers: { Prefer: 'example=empty' } });
    expect(page).toEqual({ page: 1, limit: 25, total: 0, total_exact: true, data: [] });
  });

  it('the envelope counter below twenty', async () => {
    expect(await client.account.countUnusedEnvelopes({ headers: { Prefer: 'example=belowTwenty' } })).toBe(64);
  });

  it('a login whose token cannot be decoded is still a success for the SDK', async () => {
    const { body } = await client.auth.login({ name: 'olivia.bennett', password: 'x' }, { headers: { Prefer: 'example=undecodableToken' } });
    expect(body.code).toBe(1);
  });

  it('an invitation with mixed outcomes', async () => {
    const users = [{ email: 'a@northwindcare.example' }, { email: 'b@northwindcare.example' }, { email: 'c' }];
    const outcomes = await client.users.invite(users, { headers: { Prefer: 'example=mixed' } });
    expect(outcomes.map(({ code, text, ok }) => ({ code, text, ok }))).toEqual([
      { code: 1, text: 'Invitation sent successfully.', ok: true },
      { code: -2, text: 'User already exists.', ok: false },
      { code: -1, text: 'Parameter failed.', ok: false },
    ]);
  });

  it('a trailing slash on a hand-built path still reaches the route', async () => {
    const { data, response } = await client.raw.GET('/fetch-settings/' as '/fetch-settings');
    expect(response.status).toBe(200);
    expect(data).toEqual(example('fetchSettings'));
  });
});
