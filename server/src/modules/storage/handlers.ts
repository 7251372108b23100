/**
 * Storage (`/manage-storage`): browse a folder (`stored`), save a completed form's PDF into
 * it (`data[action]=save&data[form]=`) or delete a file (`data[action]=delete&data[id]=`);
 * every answer is the folder's page as it is afterwards.
 */
import type { Handlers } from '../../contract/handler-types.js';
import type { ServerContext } from '../../context.js';
import { pageOf } from '../../db/list-filters.js';
import { badRequest } from '../../http/errors.js';
import { deleteFile, folderPath, keepCompletedForm, storageView } from './document-storage.js';

export function storageHandlers(ctx: ServerContext): Pick<Handlers, 'manageStorage'> {
  return {
    async manageStorage({ query, principal, ip, userAgent }) {
      const folder = folderPath(query.stored);
      const action = query.data ?? {};
      switch (action.action ?? 'list') {
        case 'save':
          if (!action.form) throw badRequest('Choose the completed form to save.');
          await keepCompletedForm(ctx, principal, folder, action.form, { ip, userAgent });
          break;
        case 'delete':
          if (!action.id) throw badRequest('Choose the file to delete.');
          await deleteFile(ctx, principal, action.id, { ip, userAgent });
          break;
        case 'list':
          break;
      }
      return storageView(ctx, principal, folder, pageOf(query));
    },
  };
}
