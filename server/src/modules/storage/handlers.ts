/**
 * Storage (`/manage-storage`): browse a folder (`stored`), save a completed form's PDF into
 * it (`data[action]=save&data[form]=`) or delete a file (`data[action]=delete&data[id]=`);
 * every answer is the folder's page as it is afterwards.
 */
import type { Handlers } from '../../contract/handler-types.js';
import type { ServerContext } from '../../context.js';
import { pageOf } from '../../db/list-filters.js';
import { deleteDocument } from './delete-document.js';
import { folderPath, storageView } from './document-storage.js';
import { saveCompletedForm } from './save-completed-form.js';

export function storageHandlers(ctx: Pick<ServerContext, 'db' | 'files' | 'keys' | 'now' | 'config'>): Pick<Handlers, 'manageStorage'> {
  return {
    async manageStorage({ query, principal, ip, userAgent }) {
      const folder = folderPath(query.stored);
      const action = query.data ?? {};
      switch (action.action ?? 'list') {
        case 'save':
          await saveCompletedForm(ctx, principal, folder, action.form, { ip, userAgent });
          break;
        case 'delete':
          await deleteDocument(ctx, principal, action.id, { ip, userAgent });
          break;
        case 'list':
          break;
      }
      return storageView(ctx, principal, folder, pageOf(query, ctx.config.listCountCap));
    },
  };
}
