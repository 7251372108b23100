/** The bulk-send machine with the app's requests: checking, starting, following and cancelling a send. */
import { bulkSendMachine, fromRequest } from '@formsign/machines';
import { api } from '../../api/client.ts';

const asUpload = (input: { template: number; file: unknown; message?: string; expires_at?: string }) => ({
  template: input.template,
  file: input.file instanceof Blob ? input.file : new Blob([]),
  ...(input.message ? { message: input.message } : {}),
  ...(input.expires_at ? { expires_at: input.expires_at } : {}),
});

export const bulkSendLogic = bulkSendMachine.provide({
  actors: {
    check: fromRequest((input, options) => api.bulkSends.check(asUpload(input), options)),
    start: fromRequest((input, options) => api.bulkSends.start(asUpload(input), options)),
    progress: fromRequest((id: number, options) => api.bulkSends.get(id, options)),
    cancel: fromRequest((id: number, options) => api.bulkSends.cancel(id, options)),
  },
});
