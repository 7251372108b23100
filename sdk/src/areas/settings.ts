import { withSuccessCode } from '../api-error.js';
import type { CallOptions, Transport } from '../transport.js';
import type { CategoryAction, CategoryList, GroupList, GroupsRequest, Settings, SingleSignOnInput, SingleSignOnSettings } from '../types.js';

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
}

export function settingsApi({ api, send }: Transport): SettingsApi {
  return {
    get: (options) => send((init) => api.GET('/fetch-settings', init), options),
    singleSignOn: (options) => send((init) => api.GET('/sso-settings', init), options),
    saveSingleSignOn: (input, options) => send((init) => api.POST('/sso-settings', { ...init, body: input }), options),
    categories: (action = { action: 'list' }, options) =>
      withSuccessCode(
        'manageCategories',
        send((init) => api.POST('/categories', { ...init, body: action }), options),
        { preferServerMessage: true },
      ),
    groups: (data, options) =>
      withSuccessCode(
        'manageGroups',
        send((init) => api.POST('/get-groups', { ...init, body: { data } }), options),
        { preferServerMessage: true },
      ),
  };
}
