/**
 * Adding, changing and removing an organisation's own tutorial videos and PDFs
 * (administrators). An upload arrives as a temporary file (`http/uploads.ts`, never whole in
 * memory); its type is told by its first bytes; it is copied to the file store first, then
 * the tutorial points to it. The file a change replaced, and the files of a removed tutorial
 * and its subtitle tracks, are deleted once the change is made; the new file when it fails.
 * The tutorials every organisation sees are never changed here.
 */
import { randomBytes } from 'node:crypto';
import type { TutorialItem } from '@formsign/sdk/contract';
import { recordEvent, type Origin } from '../../audit/audit.js';
import type { Principal } from '../../auth/principal.js';
import type { ServerContext } from '../../context.js';
import { badRequest } from '../../http/errors.js';
import type { StreamedFile } from '../../http/uploads.js';
import { checkedTutorialFile } from './files.js';
import { listItems } from './list-tutorials.js';
import { deleteTutorial, insertTutorial, nextPosition, ownTutorialForUpdate, updateTutorial } from './repository.js';
import { msg } from '#words';

export type TutorialChange =
  | { action: 'save'; kind: 'video' | 'pdf'; id: number | null; path: string | undefined; title: string | undefined; file: StreamedFile | undefined }
  | { action: 'remove'; kind: 'video' | 'pdf'; id: number | null };

type TutorialContext = Pick<ServerContext, 'db' | 'now' | 'files' | 'log' | 'keys'>;

const noSuchTutorial = msg({ message: 'There is no such tutorial of your organisation. Please reload the page: it may have been removed.' });

/** A page key (`general`, `dashboard`, `time-attendance`), or a bad request. */
function pageKey(path: string | undefined): string {
  const key = (path ?? '').trim();
  if (!/^[a-z0-9][a-z0-9_-]{0,59}$/i.test(key)) throw badRequest(msg({ message: 'Please choose the page the tutorial belongs to.' }));
  return key;
}

function tutorialTitle(title: string | undefined): string {
  const text = (title ?? '').replace(/\s+/g, ' ').trim();
  if (!text || text.length > 200) throw badRequest(msg({ message: 'Please give the tutorial a title of up to 200 characters.' }));
  return text;
}

async function deleteQuietly(ctx: TutorialContext, keys: readonly string[]): Promise<void> {
  for (const key of keys)
    await ctx.files.delete(key).catch((error: unknown) => ctx.log.warn({ err: error, key }, 'A tutorial file could not be deleted.'));
}

export async function manageTutorial(ctx: TutorialContext, principal: Principal, change: TutorialChange, origin: Origin): Promise<TutorialItem[]> {
  const { companyId } = principal;
  if (change.action === 'remove') {
    if (!change.id) throw badRequest(noSuchTutorial);
    const id = change.id;
    const gone = await ctx.db.transaction(async (tx) => {
      const tutorial = await ownTutorialForUpdate(tx, companyId, id, change.kind);
      if (!tutorial) throw badRequest(noSuchTutorial);
      const tracks = await deleteTutorial(tx, tutorial);
      await recordEvent(tx, {
        event: 'tutorial-deleted',
        companyId,
        actor: principal,
        target: tutorial.title,
        origin,
        details: { tutorial: id, kind: change.kind },
      });
      return [...(tutorial.fileKey ? [tutorial.fileKey] : []), ...tracks];
    });
    await deleteQuietly(ctx, gone);
    return listItems(ctx, principal, change.kind);
  }

  const title = tutorialTitle(change.title);
  const path = pageKey(change.path);
  if (!change.id && !change.file)
    throw badRequest(change.kind === 'video' ? msg({ message: 'Please choose the video file.' }) : msg({ message: 'Please choose the PDF file.' }));
  const type = change.file ? checkedTutorialFile(change.kind, change.file) : null;
  const key = type ? `tutorials/${companyId}/${randomBytes(9).toString('hex')}.${type.extension}` : null;
  if (change.file && key && type) await ctx.files.putFile(key, change.file.path, type.mime);
  let replaced: string | null = null;
  try {
    replaced = await ctx.db.transaction(async (tx) => {
      let before: string | null = null;
      let id = change.id;
      if (id) {
        const tutorial = await ownTutorialForUpdate(tx, companyId, id, change.kind);
        if (!tutorial) throw badRequest(noSuchTutorial);
        await updateTutorial(tx, id, { title, path, ...(key ? { fileKey: key } : {}) });
        before = key ? tutorial.fileKey : null;
      } else {
        const created = await insertTutorial(tx, {
          companyId,
          kind: change.kind,
          path,
          title,
          // The tutorial's own name, kept when its file is replaced: its subtitle tracks are saved under it.
          url: `upload:${randomBytes(9).toString('hex')}`,
          fileKey: key,
          position: await nextPosition(tx, companyId, change.kind),
        });
        id = created.id;
      }
      await recordEvent(tx, {
        event: 'tutorial-saved',
        companyId,
        actor: principal,
        target: title,
        origin,
        details: { tutorial: id, kind: change.kind, path, ...(change.file ? { size: change.file.size } : {}) },
      });
      return before;
    });
  } catch (error) {
    if (key) await deleteQuietly(ctx, [key]);
    throw error;
  }
  if (replaced) await deleteQuietly(ctx, [replaced]);
  return listItems(ctx, principal, change.kind);
}
