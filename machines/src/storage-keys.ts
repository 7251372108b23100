/**
 * The local-storage keys of the session: the token, the four role
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

/** The keys that logging out clears: the token, the flags and the icon (the return address and envelope count stay). */
export const sessionKeys: readonly StorageKey[] = [
  storageKeys.token,
  storageKeys.isSuper,
  storageKeys.isPersonal,
  storageKeys.isSubAdmin,
  storageKeys.isFrontAdmin,
  storageKeys.userIcon,
];
