/**
 * Where a signing link's page may be embedded: the sites its company allows (its settings'
 * `embed_origins`), found from the link itself when the page is served. A link whose token
 * does not prove it (a bad or unknown link) is embeddable nowhere; the token is checked before
 * the database is read, then the page id's one indexed row and its company's.
 */
import { companySettings } from '../../companies/repository.js';
import type { ServerContext } from '../../context.js';
import { tokenMatches } from './links.js';
import { companyOfPage } from './repository.js';

export async function embedOriginsOfLink(ctx: Pick<ServerContext, 'db' | 'keys'>, pageId: string, token: string): Promise<string[]> {
  if (!pageId || pageId.length > 100 || !tokenMatches(ctx.keys, pageId, token)) return [];
  const companyId = await companyOfPage(ctx.db, pageId);
  if (companyId === undefined) return [];
  return (await companySettings(ctx.db, companyId))?.embed_origins ?? [];
}
