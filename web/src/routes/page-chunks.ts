/**
 * Loading a page's chunk, and saying what went wrong when it does not load: which request
 * (the chunk's script), and whether it was missing (404), failed, or timed out (the machine's
 * 120-second delay). The production build lists each page's script in `#page-chunks`
 * (see `pageChunkManifest` in vite.config.ts); the dev server has none.
 */
import { ChunkLoadError } from '@formsign/machines';
import { loadWordsOfPage } from '../i18n/i18n.ts';
import type { PageModule, RouteEntry } from './route-table.ts';

let manifest: Record<string, string> | null = null;

function chunkFiles(): Record<string, string> {
  if (!manifest) {
    const element = document.getElementById('page-chunks');
    manifest = element?.textContent ? (JSON.parse(element.textContent) as Record<string, string>) : {};
  }
  return manifest;
}

/** The request that loads a route's page: its script's path. */
export function chunkRequest(route: Pick<RouteEntry, 'chunk'>): string {
  return chunkFiles()[route.chunk] ?? `/src/pages/${route.chunk}.tsx`;
}

const loaded = new Map<string, PageModule>();

export function loadedPage(route: Pick<RouteEntry, 'chunk'>): PageModule | undefined {
  return loaded.get(route.chunk);
}

async function diagnose(request: string, error: unknown): Promise<ChunkLoadError> {
  try {
    const answer = await fetch(request, { method: 'HEAD', cache: 'no-store' });
    return new ChunkLoadError(request, answer.status === 404 ? 'missing' : 'failed', { cause: error });
  } catch {
    return new ChunkLoadError(request, 'failed', { cause: error });
  }
}

/** How many times each page's script has been asked for. */
const attempts = new Map<string, number>();

/**
 * Loads a route's page. An attempt after a failure imports the script by its URL with a fresh
 * query, so the browser asks the server again instead of reusing the failure.
 */
export async function loadPage(route: RouteEntry): Promise<PageModule> {
  const request = chunkRequest(route);
  const attempt = attempts.get(route.chunk) ?? 0;
  attempts.set(route.chunk, attempt + 1);
  try {
    const [module] = await Promise.all([
      attempt === 0 || !chunkFiles()[route.chunk] ? route.load() : (import(/* @vite-ignore */ `${request}?retry=${attempt}`) as Promise<PageModule>),
      loadWordsOfPage(route.chunk),
    ]);
    loaded.set(route.chunk, module);
    return module;
  } catch (error) {
    throw await diagnose(request, error);
  }
}
