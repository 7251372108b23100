/** The bulk-send machine with the app's requests: checking, starting, following and cancelling a send. */
import { bulkSendMachine, fromRequest } from '@formsign/machines';
import { bulkSendsApi } from '@formsign/sdk';
import { area } from '../../api/client.ts';

/** The bulk-send calls, loaded with the pages that use them only. */
export const bulkSendsCalls = area(bulkSendsApi);

const asUpload = (input: { template: number; file: unknown; message?: string; expires_at?: string }) => ({
  template: input.template,
  file: input.file instanceof Blob ? input.file : new Blob([]),
  ...(input.message ? { message: input.message } : {}),
  ...(input.expires_at ? { expires_at: input.expires_at } : {}),
});

export const bulkSendLogic = bulkSendMachine.provide({
  actors: {
    check: fromRequest((input, options) => bulkSendsCalls.check(asUpload(input), options)),
    start: fromRequest((input, options) => bulkSendsCalls.start(asUpload(input), options)),
    progress: fromRequest((id: number, options) => bulkSendsCalls.get(id, options)),
    cancel: fromRequest((id: number, options) => bulkSendsCalls.cancel(id, options)),
  },
});
