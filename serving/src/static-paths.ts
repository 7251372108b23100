/**
 * How a path of a request names a file of the built app, for every process that serves it
 * (the reference server, and the app's own server in mock mode): decoded once (a bad encoding
 * is null, never a thrown error), and a file only when it lies inside the build by
 * `path.relative`, not by a prefix test.
 */
import { isAbsolute, relative, resolve, sep } from 'node:path';

/** The request's path, decoded; null when its encoding is bad. */
export function decodePath(rawUrl: string): string | null {
  const path = rawUrl.split('?')[0] ?? '/';
  try {
    return decodeURIComponent(path);
  } catch {
    return null;
  }
}

/** Whether a decoded path is never a file to serve: it holds a NUL byte, or goes through a hidden folder or names a hidden file (`/.vite/...`). */
export function isRefusedPath(decodedPath: string): boolean {
  return decodedPath.includes('\0') || decodedPath.split(/[/\\]/).some((part) => part.startsWith('.'));
}

/** The file a decoded path names inside `root`, or null when it would leave it. */
export function fileInside(root: string, decodedPath: string): string | null {
  const file = resolve(root, `.${decodedPath}`);
  const inside = relative(root, file);
  if (inside === '' || inside.startsWith(`..${sep}`) || inside === '..' || isAbsolute(inside)) return null;
  return file;
}

/** The Content-Types worth gzipping (the others, images and media, are compressed already). */
export const compressible = /^(text\/|application\/json|application\/manifest|image\/svg)/;

/** The Content-Type of each kind of file the build holds, by extension. */
export const contentTypes: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.pdf': 'application/pdf',
  '.webm': 'video/webm',
  '.mp4': 'video/mp4',
  '.vtt': 'text/vtt; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.woff2': 'font/woff2',
  // pdf.js's data files (web/vite.config.ts): fonts, character maps, decoders and colour profiles.
  '.ttf': 'font/ttf',
  '.pfb': 'application/x-font-type1',
  '.bcmap': 'application/octet-stream',
  '.wasm': 'application/wasm',
  '.icc': 'application/vnd.iccprofile',
  '.webmanifest': 'application/manifest+json',
};

/** The build's folders whose files carry a content hash in their names: they never change. */
export const hashedFolders = /^\/(js|css|assets)\//;

/** How long a browser keeps a file of the build: a year for a hashed file, never without asking again for anything else (`index.html`). */
export function cacheControl(hashed: boolean): string {
  return hashed ? 'public, max-age=31536000, immutable' : 'no-cache';
}
