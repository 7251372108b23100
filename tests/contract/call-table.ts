/**
 * The product's call table (every call the app makes: method, path, payload), held as data so the contract can be checked
 * against it without the specification at hand. `payload` lists the fields the table gives;
 * `null` stands for "not shown". Paths are as the table writes them: relative to the base
 * path `/api`, except the four rows written with a leading `/api/`, which are already wire
 * paths (`wirePath` reads them so: `/api/envelopes` is `/api/envelopes`, never `/api/api/...`).
 */
/** The path a table row travels on: the base path plus the row's path, unless the row already starts with it. */
export function wirePath(tablePath: string): string {
  return tablePath.startsWith('/api/') ? tablePath : `/api${tablePath}`;
}

export interface CallRow {
  method: 'get' | 'post' | 'put';
  path: string;
  payload: readonly string[] | null;
  /** Where the payload travels. */
  in?: 'query' | 'body' | 'form' | 'multipart';
}

export const callTable: readonly CallRow[] = [
  { method: 'post', path: '/login', payload: ['name', 'password', 'challenge'], in: 'body' },
  { method: 'post', path: '/logout', payload: null },
  { method: 'post', path: '/api/envelopes', payload: ['token'], in: 'form' },
  { method: 'post', path: '/get-strings', payload: ['cid'], in: 'query' },
  { method: 'post', path: '/api/video-tutorial', payload: null },
  { method: 'post', path: '/api/pdf-tutorial', payload: null },
  { method: 'post', path: '/api/save', payload: ['function', 'data'], in: 'multipart' },
  { method: 'post', path: '/categories', payload: null },
  { method: 'get', path: '/completed-forms', payload: ['page', 'limit', 'filters'], in: 'query' },
  { method: 'post', path: '/get-dashboard', payload: ['selectedChart'], in: 'body' },
  { method: 'get', path: '/database-forms', payload: ['page', 'limit', 'filters', 'rows', 'func'], in: 'query' },
  { method: 'get', path: '/users-devices', payload: ['id', 'keys', 'action'], in: 'query' },
  { method: 'get', path: '/get-alldocuments', payload: ['page', 'limit', 'filters'], in: 'query' },
  { method: 'get', path: '/get-exports', payload: ['filters'], in: 'query' },
  { method: 'post', path: '/forgot-password', payload: ['email'], in: 'body' },
  { method: 'get', path: '/fetch-formaudit', payload: ['page', 'limit', 'filters'], in: 'query' },
  { method: 'post', path: '/formlisting', payload: ['search', 'token'], in: 'body' },
  { method: 'post', path: '/getforms', payload: ['id', 'ids', 'functions', 'type', 'value', 'page', 'limit', 'filters', 'token'], in: 'body' },
  { method: 'post', path: '/getform', payload: ['id'], in: 'body' },
  { method: 'post', path: '/get-groups', payload: ['data'], in: 'body' },
  { method: 'get', path: '/fetch-integratedforms', payload: ['id', 'action', 'source', 'type', 'data', 'sid', 'recipient'], in: 'query' },
  { method: 'post', path: '/invite', payload: ['users'], in: 'body' },
  { method: 'get', path: '/fetch-logs', payload: ['page', 'limit', 'filters'], in: 'query' },
  { method: 'get', path: '/pending-form', payload: ['page', 'limit', 'disapprove', 'comment'], in: 'query' },
  { method: 'post', path: '/get-people', payload: null },
  { method: 'get', path: '/pivot-details', payload: null },
  { method: 'get', path: '/fetch-prepopulation', payload: ['id', 'oid', 'refs'], in: 'query' },
  { method: 'post', path: '/products', payload: null },
  { method: 'post', path: '/set-new-password', payload: ['userId', 'timestamp', 'hashedPassword', 'password'], in: 'body' },
  { method: 'get', path: '/fetch-settings', payload: null },
  { method: 'get', path: '/manage-storage', payload: ['data', 'page', 'limit', 'stored'], in: 'query' },
  { method: 'post', path: '/get-templates', payload: null },
  { method: 'post', path: '/get-tenant', payload: ['id'], in: 'body' },
  { method: 'post', path: '/get-tenants', payload: null },
  { method: 'post', path: '/staffget', payload: null },
  { method: 'post', path: '/visitorget', payload: null },
  { method: 'post', path: '/tna', payload: ['data'], in: 'body' },
  { method: 'post', path: '/tna_report', payload: ['data'], in: 'body' },
  { method: 'get', path: '/user', payload: null },
  { method: 'put', path: '/user', payload: ['data'], in: 'body' },
  { method: 'post', path: '/user', payload: ['data'], in: 'body' },
  { method: 'post', path: '/users', payload: null },
  { method: 'post', path: '/users-commands', payload: ['id', 'email', 'type', 'value'], in: 'body' },
  { method: 'post', path: '/websigning', payload: ['function', 'id', 'refs', 'token', 'order', 'uuid'], in: 'body' },
  { method: 'get', path: '/workflow', payload: ['page', 'limit', 'disapprove', 'comment', 'account', 'id', 'filters'], in: 'query' },
];

/**
 * Operations the specification needs but does not list: the registration call (its path is
 * "not shown"), account activation for the `/activate` page, confirming a new email address
 * for the `/confirm-email` page, the help page's contact form, the organisation's own
 * tutorials (`/tutorial`), the form audit's export (`/formaudit-export`), single sign-on with
 * the organisation's provider (`/sso-*`, `/sso/*`), the organisation's API keys
 * (`/api-keys`, `/api-keys/revoke`), bulk sends from a CSV (`/bulk-send-csv`, `/bulk-sends`,
 * `/bulk-sends/cancel`) and the organisation's stamp (`/company-stamp`).
 */
export const designedOperations: readonly { method: 'get' | 'post' | 'put' | 'delete'; path: string }[] = [
  { method: 'post', path: '/grant-envelopes' },
  { method: 'get', path: '/api-keys' },
  { method: 'post', path: '/api-keys' },
  { method: 'post', path: '/api-keys/revoke' },
  { method: 'get', path: '/bulk-send-csv' },
  { method: 'get', path: '/bulk-sends' },
  { method: 'post', path: '/bulk-sends' },
  { method: 'post', path: '/bulk-sends/cancel' },
  { method: 'get', path: '/organisations' },
  { method: 'post', path: '/payments/stripe/events' },
  { method: 'post', path: '/register' },
  { method: 'post', path: '/activate' },
  { method: 'post', path: '/confirm-email' },
  { method: 'post', path: '/contact' },
  { method: 'post', path: '/login-mfa' },
  { method: 'post', path: '/refresh' },
  { method: 'get', path: '/file' },
  { method: 'post', path: '/send-form' },
  { method: 'post', path: '/save-tenant' },
  { method: 'post', path: '/add-tenant-note' },
  { method: 'post', path: '/file-form' },
  { method: 'post', path: '/save-strings' },
  { method: 'get', path: '/form-progress' },
  { method: 'post', path: '/form-progress' },
  { method: 'post', path: '/verify' },
  { method: 'post', path: '/template-pdf' },
  { method: 'post', path: '/company-stamp' },
  { method: 'post', path: '/prepopulation-upload' },
  { method: 'post', path: '/prepopulation-source' },
  { method: 'get', path: '/prepopulation-records' },
  { method: 'post', path: '/prepopulation-record' },
  { method: 'post', path: '/signing-preview' },
  { method: 'post', path: '/tutorial' },
  { method: 'get', path: '/formaudit-export' },
  { method: 'post', path: '/integration-credentials' },
  { method: 'get', path: '/integration-deliveries' },
  { method: 'post', path: '/integration-deliveries' },
  { method: 'get', path: '/webhook-subscriptions' },
  { method: 'post', path: '/webhook-subscriptions' },
  { method: 'put', path: '/webhook-subscriptions' },
  { method: 'delete', path: '/webhook-subscriptions' },
  { method: 'post', path: '/webhook-subscription-secret' },
  { method: 'get', path: '/webhook-deliveries' },
  { method: 'post', path: '/webhook-deliveries' },
  { method: 'get', path: '/sso-settings' },
  { method: 'post', path: '/sso-settings' },
  { method: 'post', path: '/sso-lookup' },
  { method: 'get', path: '/sso/start' },
  { method: 'get', path: '/sso/callback' },
];

/** Response shapes the product states: the top-level fields each must have. */
export const statedResponses: readonly { method: 'get' | 'post'; path: string; fields?: readonly string[]; list?: true }[] = [
  {
    method: 'post',
    path: '/login',
    fields: ['code', 'token', 'issuper', 'isPersonal', 'isadmin', 'isfront', 'url', 'img', 'message', 'session', 'username'],
  },
  { method: 'post', path: '/api/envelopes', fields: ['unused'] },
  { method: 'post', path: '/api/video-tutorial', list: true },
  { method: 'post', path: '/api/pdf-tutorial', list: true },
  { method: 'post', path: '/api/save', list: true },
  { method: 'get', path: '/fetch-formaudit', fields: ['query', 'forms'] },
  { method: 'post', path: '/formlisting', fields: ['all'] },
  { method: 'get', path: '/manage-storage', fields: ['files', 'save'] },
  {
    method: 'get',
    path: '/fetch-integratedforms',
    fields: ['message', 'type', 'forms', 'allforms', 'fields', 'map', 'title', 'sid', 'files', 'recipient'],
  },
  {
    method: 'get',
    path: '/fetch-prepopulation',
    fields: ['error', 'message', 'type', 'source', 'fields', 'oids', 'headers', 'order', 'setbyme', 'reference', 'timestamp'],
  },
  { method: 'post', path: '/websigning', fields: ['data', 'error'] },
  { method: 'get', path: '/workflow', fields: ['data'] },
];

/** The login response headers the client reads: the session's tokens. */
export const loginHeaders = ['access-token', 'id-token', 'refresh-token'] as const;

/** Operations open to anonymous callers: signing in, registering, passwords, strings, signing by link and its document, verifying, Stripe's signed events. */
export const publicOperations = [
  '/payments/stripe/events',
  '/login',
  '/login-mfa',
  '/refresh',
  '/register',
  '/forgot-password',
  '/set-new-password',
  '/get-strings',
  '/websigning',
  '/signing-preview',
  '/verify',
  '/sso-lookup',
] as const;

/** Operations only administrators may call, at least: every administrator, personal ones too (they are administrators). */
export const adminOperations = ['/api/envelopes'] as const;
