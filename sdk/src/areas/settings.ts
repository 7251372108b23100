import { withSuccessCode } from '../api-error.js';
import type { CallOptions, Transport } from '../transport.js';
import type { CategoryAction, CategoryList, GroupList, GroupsRequest, Settings } from '../types.js';

export interface SettingsApi {
  get(options?: CallOptions): Promise<Settings>;
  /** Lists (the default), saves or deletes template categories. */
  categories(action?: CategoryAction, options?: CallOptions): Promise<CategoryList>;
  /** Lists, saves or deletes user groups (`POST /get-groups { data }`). */
  groups(data: GroupsRequest, options?: CallOptions): Promise<GroupList>;
}

export function settingsApi({ api, send }: Transport): SettingsApi {
  return {
    get: (options) => send((init) => api.GET('/fetch-settings', init), options),
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
