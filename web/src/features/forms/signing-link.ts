/**
 * What a signing link says (`/web-signing/{pageId}?token=...&refs=...&order=...`), and this
 * browser's signer id (`uuid`): random, made once per tab and kept across reloads in session
 * storage (local storage holds only the specification's keys); and the proof of who opens a
 * link whose place asks for a code, kept in this tab's session storage for its page id, so a
 * reload does not ask for the code again (the server takes it for 12 hours).
 */
import type { SigningLink } from '@formsign/machines';

export const signerIdKey = 'formsign.signerId';

function randomId(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  // Pages served over plain http have no randomUUID: a version-4 id from random bytes.
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = ((bytes[6] ?? 0) & 0x0f) | 0x40;
  bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80;
  const hex = Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

let memoryId: string | null = null;

/** This browser tab's signer id, the same after a reload. */
export function signerId(storage: Pick<Storage, 'getItem' | 'setItem'> | null = safeSessionStorage()): string {
  try {
    const stored = storage?.getItem(signerIdKey);
    if (stored) return stored;
    const id = memoryId ?? randomId();
    storage?.setItem(signerIdKey, id);
    memoryId = id;
    return id;
  } catch {
    // Storage refused (private browsing): the id lasts as long as the page.
    memoryId ??= randomId();
    return memoryId;
  }
}

function safeSessionStorage(): Storage | null {
  try {
    return window.sessionStorage;
  } catch {
    return null;
  }
}

/** The link's request parts, for the page id of the path and the link's query. */
export function signingLink(pageId: string, query: URLSearchParams, uuid: string): SigningLink {
  const order = Number(query.get('order'));
  return {
    id: pageId,
    token: query.get('token') ?? '',
    refs: query.get('refs') ?? '',
    ...(Number.isInteger(order) && order >= 1 ? { order } : {}),
    uuid,
  };
}

const proofKey = (pageId: string): string => `formsign.proof.${pageId}`;

/** The proof this tab was given for the link of `pageId`, if any. */
export function rememberedProof(pageId: string, storage: Pick<Storage, 'getItem'> | null = safeSessionStorage()): string | null {
  try {
    return storage?.getItem(proofKey(pageId)) ?? null;
  } catch {
    return null;
  }
}

/** Keeps the proof given for the link of `pageId` for this tab. */
export function rememberProof(pageId: string, proof: string, storage: Pick<Storage, 'setItem'> | null = safeSessionStorage()): void {
  try {
    storage?.setItem(proofKey(pageId), proof);
  } catch {
    // Storage refused: the proof lasts as long as the page.
  }
}
