/** The Support operation: a message to support (Contact Us). */
import type { Handlers } from '../../contract/handler-types.js';
import type { ServerContext } from '../../context.js';
import { contactSupport } from './contact.js';

export function supportHandlers(ctx: ServerContext): Pick<Handlers, 'contactSupport'> {
  return {
    async contactSupport(request) {
      return contactSupport(ctx, request.principal, request.body, { ip: request.ip, userAgent: request.userAgent });
    },
  };
}
