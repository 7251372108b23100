/**
 * The Time and attendance operations: staff and who is in, recent visitors, the Entry Book
 * (list a period, record an entry) and the hours report.
 */
import type { TnaResponse } from '@formsign/sdk/contract';
import type { Handlers } from '../../contract/handler-types.js';
import type { ServerContext } from '../../context.js';
import { listEntries, recordEntry, type EntriesOutcome } from './entries.js';
import { listStaff, listVisitors, timeReport } from './report.js';

type TimeAttendanceHandlers = Pick<Handlers, 'listStaff' | 'listVisitors' | 'manageTimeEntries' | 'getTimeReport'>;

function answer(outcome: EntriesOutcome): TnaResponse {
  return outcome.kind === 'entries' ? { code: 1, message: '', data: outcome.entries } : { code: -1, message: outcome.message, data: [] };
}

export function timeAttendanceHandlers(ctx: ServerContext): TimeAttendanceHandlers {
  return {
    async listStaff({ principal }) {
      return { data: await listStaff(ctx, principal) };
    },
    async listVisitors({ principal }) {
      return { data: await listVisitors(ctx, principal) };
    },
    async manageTimeEntries(request) {
      const { data } = request.body;
      if (data.action === 'record') return answer(await recordEntry(ctx, request.principal, data, { ip: request.ip, userAgent: request.userAgent }));
      return answer(await listEntries(ctx, request.principal, data));
    },
    async getTimeReport({ principal, body }) {
      return timeReport(ctx, principal, body.data);
    },
  };
}
