import { withSuccessCodeOf } from '../api-error.js';
import { createApiKeyCodes, manageCategoriesCodes, manageGroupsCodes, revokeApiKeyCodes } from '../generated/app-codes/settings.js';
import type { CallOptions, Transport } from '../transport.js';
import type {
  ApiKeyList,
  CategoryAction,
  CategoryList,
  CompanyStampResponse,
  CreateApiKeyRequest,
  CreateApiKeyResult,
  GroupList,
  GroupsRequest,
  RevokeApiKeyResult,
  Settings,
  SingleSignOnInput,
  SingleSignOnSettings,
} from '../types.js';

export interface SettingsApi {
  get(options?: CallOptions): Promise<Settings>;
  /** Lists (the default), saves or deletes template categories. */
  categories(action?: CategoryAction, options?: CallOptions): Promise<CategoryList>;
  /** Lists, saves or deletes user groups (`POST /get-groups { data }`). */
  groups(data: GroupsRequest, options?: CallOptions): Promise<GroupList>;
  /** The organisation's single sign-on provider (administrators). */
  singleSignOn(options?: CallOptions): Promise<SingleSignOnSettings>;
  /** Saves it; a `client_secret` left out keeps the one kept. */
  saveSingleSignOn(input: SingleSignOnInput, options?: CallOptions): Promise<SingleSignOnSettings>;
  /** The organisation's API keys (administrators). */
  apiKeys(options?: CallOptions): Promise<ApiKeyList>;
  /** Makes an API key; the answer's `secret` is the whole key, shown this once. */
  createApiKey(request: CreateApiKeyRequest, options?: CallOptions): Promise<CreateApiKeyResult>;
  /** Revokes an API key: it stops working at once. */
  revokeApiKey(id: number, options?: CallOptions): Promise<RevokeApiKeyResult>;
  /** Uploads the organisation's stamp image, replacing the one it had (multipart: `function=upload`, `file`); administrators. */
  uploadStamp(file: Blob, options?: CallOptions): Promise<CompanyStampResponse>;
  /** Takes the organisation's stamp away; forms it was applied to keep it. */
  removeStamp(options?: CallOptions): Promise<CompanyStampResponse>;
}

/** The multipart body of `/company-stamp`: the image goes as itself, under the name it was chosen with. */
function stampForm(body: { function: 'upload' | 'remove' }, file?: Blob): FormData {
  const form = new FormData();
  form.set('function', body.function);
  if (file) form.set('file', file, file instanceof File ? file.name : 'stamp');
  return form;
}

/** The server's text of a refusal, before the contract's. */
const serverMessage = { preferServerMessage: true };

export function settingsApi({ api, send }: Transport): SettingsApi {
  return {
    get: (options) => send((init) => api.GET('/fetch-settings', init), options),
    singleSignOn: (options) => send((init) => api.GET('/sso-settings', init), options),
    saveSingleSignOn: (input, options) => send((init) => api.POST('/sso-settings', { ...init, body: input }), options),
    categories: (action = { action: 'list' }, options) =>
      withSuccessCodeOf(
        manageCategoriesCodes,
        send((init) => api.POST('/categories', { ...init, body: action }), options),
        { preferServerMessage: true },
      ),
    groups: (data, options) =>
      withSuccessCodeOf(
        manageGroupsCodes,
        send((init) => api.POST('/get-groups', { ...init, body: { data } }), options),
        { preferServerMessage: true },
      ),
    apiKeys: (options) => send((init) => api.GET('/api-keys', init), options),
    uploadStamp: (file, options) =>
      send((init) => api.POST('/company-stamp', { ...init, body: { function: 'upload' }, bodySerializer: (body) => stampForm(body, file) }), options),
    removeStamp: (options) =>
      send((init) => api.POST('/company-stamp', { ...init, body: { function: 'remove' }, bodySerializer: (body) => stampForm(body) }), options),
    createApiKey: (request, options) =>
      withSuccessCodeOf(
        createApiKeyCodes,
        send((init) => api.POST('/api-keys', { ...init, body: request }), options),
        serverMessage,
      ),
    revokeApiKey: (id, options) =>
      withSuccessCodeOf(
        revokeApiKeyCodes,
        send((init) => api.POST('/api-keys/revoke', { ...init, body: { id } }), options),
        serverMessage,
      ),
  };
}
