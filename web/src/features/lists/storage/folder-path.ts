import { t } from '@lingui/core/macro';

/** Folders of the document storage: `Care/2026` is folder `2026` inside `Care`; the root is ''. */
export function folderSegments(folder: string): string[] {
  return folder.split('/').filter(Boolean);
}

export function childFolder(folder: string, name: string): string {
  return [...folderSegments(folder), ...folderSegments(name)].join('/');
}

/** What people call a folder: its last name, or "Documents" (in the language shown) for the root. */
export function folderName(folder: string): string {
  return folderSegments(folder).at(-1) ?? t`Documents`;
}

/** The address of a folder's view, keeping the rows per page. */
export function folderSearch(folder: string, limit: string | null): { search: string } {
  const next = new URLSearchParams();
  if (folder) next.set('stored', folder);
  if (limit) next.set('limit', limit);
  const search = next.toString();
  return { search: search ? `?${search}` : '' };
}
