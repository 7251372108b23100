/**
 * The Tutorials operations: the videos and PDFs a company sees (every company's and its own,
 * in their order), each video with the subtitle tracks the company saved; adding, changing and
 * removing the company's own (administrators); saving a track (administrators).
 */
import type { Handlers } from '../../contract/handler-types.js';
import type { ServerContext } from '../../context.js';
import { streamedFile } from '../../http/uploads.js';
import { listItems } from './list-tutorials.js';
import { manageTutorial } from './manage-tutorial.js';
import { saveSubtitle } from './save-subtitle.js';

type TutorialsHandlers = Pick<Handlers, 'listVideoTutorials' | 'listPdfTutorials' | 'saveSubtitle' | 'manageTutorial'>;

export function tutorialsHandlers(ctx: Pick<ServerContext, 'db' | 'now' | 'files' | 'log' | 'keys'>): TutorialsHandlers {
  return {
    async listVideoTutorials({ principal }) {
      return listItems(ctx, principal, 'video');
    },
    async listPdfTutorials({ principal }) {
      return listItems(ctx, principal, 'pdf');
    },
    async saveSubtitle(request) {
      return saveSubtitle(ctx, request.principal, request.body.data, { ip: request.ip, userAgent: request.userAgent });
    },
    async manageTutorial({ body, principal, raw, ip, userAgent }) {
      const id = body.id ? Number(body.id) : null;
      const change =
        body.function === 'remove'
          ? { action: 'remove' as const, kind: body.kind, id }
          : { action: 'save' as const, kind: body.kind, id, path: body.path, title: body.title, file: streamedFile(raw, 'file') };
      return manageTutorial(ctx, principal, change, { ip, userAgent });
    },
  };
}
