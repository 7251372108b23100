/** The Support operation: a message to support (Contact Us). */
import type { Handlers } from '../../contract/handler-types.js';
import type { ServerContext } from '../../context.js';
import { contactSupport } from './contact-support.js';

export function supportHandlers(ctx: Pick<ServerContext, 'db' | 'now' | 'mail' | 'log' | 'config'>): Pick<Handlers, 'contactSupport'> {
  return {
    async contactSupport(request) {
      return contactSupport(ctx, request.principal, request.body, { ip: request.ip, userAgent: request.userAgent });
    },
  };
}
