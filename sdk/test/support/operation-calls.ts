/**
 * One friendly call per operation, with valid arguments, taking the per-call options: the
 * error suites call each with `Prefer` to reach every named example. The type makes the
 * table name every operation of the contract.
 */
import { bulkSendsApi, errorFromResponse, type CallOptions, type FormsignClient, type OperationId } from '../../src/index.js';

export type OperationCall = (client: FormsignClient, options: CallOptions) => Promise<unknown>;

const signing = {
  function: 'load' as const,
  id: 'f7c2a9e4-31b8-4d6a-9e0f-5c4b3a2d1e0f',
  refs: '',
  token: 'sgn_8Qm2xV7pL4',
  order: 1,
  uuid: '0b6f1a9e',
};

const stripeEvent = JSON.stringify({
  id: 'evt_1QaBcD2eFgHiJkLm',
  object: 'event',
  type: 'checkout.session.completed',
  data: { object: { id: 'cs_test_a1B2c3D4e5', object: 'checkout.session', payment_status: 'paid', amount_total: 14900, currency: 'gbp' } },
});

/** A browser trip (`/sso/start`, `/sso/callback`) asked without following its redirect: a failure rejects as the friendly calls do. */
function trip(result: { error?: unknown; response: Response }): Response {
  if (result.response.status >= 400) throw errorFromResponse(result.response.status, result.error);
  return result.response;
}

const headersOf = (options: CallOptions): { headers?: Headers } => (options.headers ? { headers: new Headers(options.headers as HeadersInit) } : {});

export const operationCalls: { [Id in OperationId]: OperationCall } = {
  login: (c, o) => c.auth.login({ name: 'olivia.bennett', password: 'correct-horse-battery' }, o),
  verifySecondFactor: (c, o) => c.auth.verifySecondFactor({ ticket: 'mfa_3kQ9vT2xW7pL0aZ5', action: 'verify', code: '492038' }, o),
  refreshSession: (c, o) => c.auth.refresh('rt.4f9d2c7b1e8a6f3d0c5b', o),
  logout: (c, o) => c.auth.logout(o),
  register: (c, o) =>
    c.auth.register(
      {
        first_name: 'Grace',
        last_name: 'Okafor',
        email: 'grace.okafor@harbourhomes.example',
        name: 'grace.okafor',
        password: 'my-new-secret-9',
        company_name: 'Harbour Homes',
      },
      o,
    ),
  activate: (c, o) => c.auth.activate({ key: '7f3c9a1e5b2d4c6f8a0b1c2d3e4f5a6b' }, o),
  forgotPassword: (c, o) => c.auth.forgotPassword({ email: 'olivia.bennett@northwindcare.example' }, o),
  setNewPassword: (c, o) =>
    c.auth.setNewPassword({ userId: '1001', timestamp: '1795000000', hashedPassword: '9b2e7c4d1a8f3e6b5c0d', password: 'a-much-better-secret' }, o),
  countUnusedEnvelopes: (c, o) => c.account.countUnusedEnvelopes(o),
  getStrings: (c, o) => c.strings.get(42, o),
  saveStrings: (c, o) => c.strings.save({ language: 'en', strings: { Dashboard: null } }, o),
  listVideoTutorials: (c, o) => c.tutorials.videos(o),
  listPdfTutorials: (c, o) => c.tutorials.pdfs(o),
  saveSubtitle: (c, o) =>
    c.tutorials.saveSubtitle({ video: '/media/tutorials/welcome-to-formsign.mp4', label: 'English', srclang: 'en', vtt: 'WEBVTT' }, o),
  listCompletedForms: (c, o) => c.forms.completed({ page: 1, limit: 25, filters: { search: 'care' } }, o),
  listPendingForms: (c, o) => c.forms.pending({ page: 1, limit: 25 }, o),
  listWorkflow: (c, o) => c.workflow.list({ page: 1, limit: 25, filters: { status: 'in_progress' } }, o),
  sendForm: (c, o) => c.workflow.send({ template: 3001, recipients: [{ name: 'Margaret Ellis', email: 'margaret.ellis@mail.example' }] }, o),
  getFormProgress: (c, o) => c.workflow.progress(5125, o),
  manageFormProgress: (c, o) => c.workflow.manage({ id: 5125, action: 'remind' }, o),
  listSupportingDocuments: (c, o) => c.forms.supporting({ page: 1 }, o),
  listFormAudit: (c, o) => c.forms.audit({ page: 1 }, o),
  listTemplateListing: (c, o) => c.templates.listing({ search: '' }, o),
  manageTemplates: (c, o) => c.templates.manage({ functions: 'list', page: 1, limit: 25 }, o),
  getTemplate: (c, o) => c.templates.get(3001, o),
  listTemplateSummaries: (c, o) => c.templates.summaries(o),
  manageTemplatePdf: (c, o) => c.templates.uploadPdf(3004, new Blob(['%PDF-1.7\n'], { type: 'application/pdf' }), o),
  getDashboard: (c, o) => c.analytics.dashboard('formsByStatus', o),
  getPivot: (c, o) => c.analytics.pivot({}, o),
  listDatabaseForms: (c, o) => c.database.forms({ page: 1, func: 'list' }, o),
  exportDatabase: (c, o) => c.database.export({ template: 3007 }, o),
  manageTutorial: (c, o) => c.tutorials.remove({ kind: 'pdf', id: 12 }, o),
  exportFormAudit: (c, o) => c.forms.exportAudit('csv', { from: '2026-11-01', to: '2026-11-24' }, o),
  manageDevices: (c, o) => c.devices.manage({ action: 'block', id: 1 }, o),
  downloadFile: (c, o) => c.storage.download({ key: 'forms/1/5124-sealed.pdf', exp: 1795003600, sig: '3kQ9vT2xW7pL0aZ5bN8mC1dF4gH6jK' }, o),
  manageStorage: (c, o) => c.storage.manage({ data: { action: 'delete', id: 1 } }, o),
  listUsers: (c, o) => c.users.list({ page: 1 }, o),
  runUserCommand: (c, o) => c.users.command({ id: 2001, email: 'amelia.hughes@northwindcare.example', type: 'delete', value: '' }, o),
  inviteUsers: (c, o) => c.users.invite([{ email: 'maya.fischer@northwindcare.example' }], o),
  listLogs: (c, o) => c.logs.list({ filters: { source: 'system' } }, o),
  manageIntegrations: (c, o) => c.integrations.manage({ action: 'fields', id: 3001, sid: 7 }, o),
  setIntegrationCredentials: (c, o) => c.integrations.setCredentials({ sid: 2, username: 'formsign', password: 'secret-pass' }, o),
  listIntegrationDeliveries: (c, o) => c.integrations.deliveries({ sid: 2 }, o),
  sendDeliveryAgain: (c, o) => c.integrations.sendAgain(2, 41, o),
  listWebhookSubscriptions: (c, o) => c.integrations.webhooks(o),
  createWebhookSubscription: (c, o) =>
    c.integrations.subscribe({ url: 'https://hooks.northwindcare.example/formsign', events: ['form.completed'] }, o),
  updateWebhookSubscription: (c, o) => c.integrations.changeWebhook({ id: 3, paused: true }, o),
  deleteWebhookSubscription: (c, o) => c.integrations.removeWebhook(3, o),
  rollWebhookSecret: (c, o) => c.integrations.rollWebhookSecret(3, o),
  listWebhookDeliveries: (c, o) => c.integrations.webhookDeliveries({ subscription: 3 }, o),
  sendWebhookAgain: (c, o) => c.integrations.sendWebhookAgain(3, 88, o),
  fetchPrepopulation: (c, o) => c.prepopulation.fetch({ id: 1 }, o),
  uploadPrepopulationSource: (c, o) =>
    c.prepopulation.upload({ name: 'Tenancies', template: 3010, file: new Blob(['Ref,Tenant\nT-1,Margaret Ellis\n'], { type: 'text/csv' }) }, o),
  managePrepopulationSource: (c, o) => c.prepopulation.manageSource({ function: 'rename', id: 3, name: 'Tenancies 2027' }, o),
  listPrepopulationRecords: (c, o) => c.prepopulation.records({ id: 3 }, o),
  managePrepopulationRecord: (c, o) => c.prepopulation.manageRecord({ function: 'remove', id: 3, oid: 'T-0412' }, o),
  listStaff: (c, o) => c.timeAttendance.staff(o),
  listVisitors: (c, o) => c.timeAttendance.visitors(o),
  manageTimeEntries: (c, o) => c.timeAttendance.entries({ action: 'record', kind: 'staff', person: 4001, direction: 'in', note: '' }, o),
  getTimeReport: (c, o) => c.timeAttendance.report({ from: '2026-11-01', to: '2026-11-20' }, o),
  listTenants: (c, o) => c.cases.tenants(o),
  getTenant: (c, o) => c.cases.tenant(6001, o),
  listPeople: (c, o) => c.cases.people(o),
  saveTenant: (c, o) => c.cases.save({ name: 'Margaret Ellis', address: '', phone: '', email: '', status: 'open' }, o),
  addTenantNote: (c, o) => c.cases.addNote({ tenant: 6001, text: 'Visited.' }, o),
  fileFormOnCase: (c, o) => c.cases.fileForm({ form: 8301, tenant: 6001 }, o),
  fetchSettings: (c, o) => c.settings.get(o),
  manageCategories: (c, o) => c.settings.categories(undefined, o),
  manageGroups: (c, o) => c.settings.groups({ action: 'list' }, o),
  downloadBulkSendCsv: (c, o) => bulkSendsApi(c.transport).csvTemplate(3001, o),
  listBulkSends: (c, o) => bulkSendsApi(c.transport).list(o),
  startBulkSend: (c, o) =>
    bulkSendsApi(c.transport).start({ template: 3001, file: new Blob(['Client name,Client email\n'], { type: 'text/csv' }) }, o),
  cancelBulkSend: (c, o) => bulkSendsApi(c.transport).cancel(12, o),
  listApiKeys: (c, o) => c.settings.apiKeys(o),
  createApiKey: (c, o) => c.settings.createApiKey({ name: 'CRM export', role: 'basic' }, o),
  revokeApiKey: (c, o) => c.settings.revokeApiKey(12, o),
  manageCompanyStamp: (c, o) => c.settings.uploadStamp(new Blob([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], { type: 'image/png' }), o),
  getAccount: (c, o) => c.account.get(o),
  updateProfile: (c, o) => c.account.updateProfile({ email: 'olivia.bennett@northwindcare.example' }, o),
  confirmEmail: (c, o) =>
    c.account.confirmEmail({ key: '1001.1795000000.b2xpdmlhLmJlbm5ldHRAbWFpbC5leGFtcGxl.Q2hhbmdlT2ZBZGRyZXNzU2lnbmF0dXJlMDAw' }, o),
  saveCompany: (c, o) => c.account.saveCompany({ email: 'office@northwindcare.example' }, o),
  manageProducts: (c, o) => c.account.products(o),
  grantEnvelopes: (c, o) => c.account.grantEnvelopes({ company: 2, envelopes: 100, reason: 'Invoice 2026-0142 paid by bank transfer' }, o),
  listOrganisations: (c, o) => c.account.organisations({ search: 'harbour', page: 1, limit: 25 }, o),
  receiveStripeEvent: (c, o) =>
    c.account.deliverStripeEvent(stripeEvent, 't=1795000000,v1=5257a869e7ecebeda32affa62cdca3fa51cad7e77a0e56ff536d0ce8e108d8bd', o),
  webSigning: (c, o) => c.signing.call(signing, o),
  signingPreview: (c, o) => c.signing.preview({ id: signing.id, token: signing.token }, o),
  showSingleSignOn: (c, o) => c.settings.singleSignOn(o),
  saveSingleSignOn: (c, o) =>
    c.settings.saveSingleSignOn(
      {
        enabled: true,
        issuer: 'https://login.northwind.example',
        client_id: 'formsign',
        display_name: 'Northwind Login',
        allow_create: true,
        required: false,
      },
      o,
    ),
  lookUpSingleSignOn: (c, o) => c.auth.singleSignOn({ name: 'olivia.bennett' }, o),
  startSingleSignOn: async (c, o) =>
    trip(await c.raw.GET('/sso/start', { params: { query: { organisation: 1 } }, redirect: 'manual', ...headersOf(o) })),
  finishSingleSignOn: async (c, o) =>
    trip(await c.raw.GET('/sso/callback', { params: { query: { code: 'Xa9kQ2', state: 'kq8Zt3' } }, redirect: 'manual', ...headersOf(o) })),
  verifyDocument: (c, o) => c.signing.verify(new File(['%PDF-1.7\n'], 'document.pdf', { type: 'application/pdf' }), o),
  contactSupport: (c, o) => c.support.contact({ subject: 'Envelope invoice', message: 'Again, please.' }, o),
};
