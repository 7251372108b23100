import { ApiError, type BulkSendProgress, type CancelBulkSendResult, type StartBulkSendResult } from '@formsign/sdk/contract';
import { describe, expect, it } from 'vitest';
import { createActor, SimulatedClock } from 'xstate';
import { answeredByTest, settle } from '../test/answered-by-test.js';
import { bulkSendMachine, pollInterval, type BulkSendUploadInput } from './bulk-send.machine.js';

const bulk = (status: BulkSendProgress['bulk_send']['status'], sent: number) => ({
  id: 12,
  template_id: 3001,
  template: 'Client Agreement',
  sender: 'Olivia Bennett',
  file_name: 'clients.csv',
  status,
  total: 3,
  sent,
  unsent: 0,
  created_at: '2026-11-24T09:30:00Z',
  finished_at: null,
});
const detail = (status: BulkSendProgress['bulk_send']['status'], sent: number): BulkSendProgress => ({
  bulk_send: bulk(status, sent),
  opened: 0,
  completed: 0,
  unsent: [],
  unsent_total: 0,
});
const upload = (name: string): BulkSendUploadInput => ({ template: 3001, file: name });

function started() {
  const check = answeredByTest<StartBulkSendResult, BulkSendUploadInput>();
  const start = answeredByTest<StartBulkSendResult, BulkSendUploadInput>();
  const progress = answeredByTest<BulkSendProgress, number>();
  const cancel = answeredByTest<CancelBulkSendResult, number>();
  const clock = new SimulatedClock();
  const actor = createActor(
    bulkSendMachine.provide({ actors: { check: check.logic, start: start.logic, progress: progress.logic, cancel: cancel.logic } }),
    {
      clock,
    },
  ).start();
  return { actor, check, start, progress, cancel, clock };
}

describe('bulk send', () => {
  it('a file with a bad row shows each reason and cannot be sent; the corrected one is sent and followed until done', async () => {
    const { actor, check, start, progress, clock } = started();
    actor.send({ type: 'bulk.check', upload: upload('bad.csv') });
    await settle();
    check.call().resolve({
      code: -1,
      message: 'Some rows cannot be sent.',
      rows: 3,
      bulk_send: null,
      problems: [{ row: 3, reason: 'Client email is empty.' }],
      problems_total: 1,
    });
    await settle();
    expect(actor.getSnapshot().value).toBe('invalid');
    expect(actor.getSnapshot().context.problems).toEqual([{ row: 3, reason: 'Client email is empty.' }]);
    actor.send({ type: 'bulk.send' });
    expect(actor.getSnapshot().value).toBe('invalid');
    expect(start.calls).toHaveLength(0);

    actor.send({ type: 'bulk.check', upload: upload('good.csv') });
    await settle();
    expect(check.call().input).toEqual(upload('good.csv'));
    check.call().resolve({ code: 2, message: 'Every row can be sent.', rows: 3, bulk_send: null, problems: [], problems_total: 0 });
    await settle();
    expect(actor.getSnapshot().value).toBe('ready');
    expect(actor.getSnapshot().context).toMatchObject({ rows: 3, problems: [] });
    actor.send({ type: 'bulk.send' });
    await settle();
    expect(start.call().input).toEqual(upload('good.csv'));
    start.call().resolve({ code: 1, message: 'The forms are being sent.', rows: 3, bulk_send: bulk('sending', 0), problems: [], problems_total: 0 });
    await settle();
    expect(progress.call().input).toBe(12);
    progress.call().resolve(detail('sending', 1));
    await settle();
    expect(actor.getSnapshot().matches({ following: 'waiting' })).toBe(true);
    expect(progress.calls).toHaveLength(1);
    clock.increment(pollInterval);
    await settle();
    expect(progress.calls).toHaveLength(2);
    progress.call().resolve(detail('done', 3));
    await settle();
    expect(actor.getSnapshot().value).toBe('ended');
    expect(actor.getSnapshot().context.detail?.bulk_send.sent).toBe(3);
  });

  it('a send followed from its page can be cancelled, and is then read again', async () => {
    const { actor, progress, cancel } = started();
    actor.send({ type: 'bulk.follow', id: 12 });
    await settle();
    progress.call().resolve(detail('sending', 1));
    await settle();
    actor.send({ type: 'bulk.cancel' });
    await settle();
    expect(cancel.call().input).toBe(12);
    cancel.call().resolve({ code: 1, message: 'The bulk send has been cancelled.', bulk_send: bulk('cancelled', 1) });
    await settle();
    expect(progress.calls).toHaveLength(2);
    progress.call().resolve(detail('cancelled', 1));
    await settle();
    expect(actor.getSnapshot().value).toBe('ended');
    expect(actor.getSnapshot().context.notice).toBe('The bulk send has been cancelled.');
  });

  it('a failed start keeps the checked file and says why', async () => {
    const { actor, check, start } = started();
    actor.send({ type: 'bulk.check', upload: upload('good.csv') });
    await settle();
    check.call().resolve({ code: 2, message: 'Every row can be sent.', rows: 3, bulk_send: null, problems: [], problems_total: 0 });
    await settle();
    actor.send({ type: 'bulk.send' });
    await settle();
    start.call().reject(new ApiError({ status: 503, code: null, message: 'The server is busy.' }));
    await settle();
    expect(actor.getSnapshot().value).toBe('ready');
    expect(actor.getSnapshot().context).toMatchObject({ error: 'The server is busy.', upload: upload('good.csv') });
  });
});
