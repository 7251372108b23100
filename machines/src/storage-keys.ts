/**
 * The local-storage keys of the session (specification, section 9): the token, the four role
 * flags, the return address, the user's icon and the unused envelope count. Flags are stored
 * as the strings 'true' and 'false'.
 */
export const storageKeys = {
  token: 'token',
  isSuper: 'isSuper',
  isPersonal: 'isPersonal',
  isSubAdmin: 'isSubAdmin',
  isFrontAdmin: 'isFrontAdmin',
  surl: 'surl',
  userIcon: 'userIcon',
  unusedEnvelopes: 'unusedEnvelopes',
} as const;

export type StorageKey = (typeof storageKeys)[keyof typeof storageKeys];

/** The keys that logging out clears: the token, the flags and the icon (section 4). */
export const sessionKeys: readonly StorageKey[] = [
  storageKeys.token,
  storageKeys.isSuper,
  storageKeys.isPersonal,
  storageKeys.isSubAdmin,
  storageKeys.isFrontAdmin,
  storageKeys.userIcon,
];
