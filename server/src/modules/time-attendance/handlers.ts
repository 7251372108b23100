/**
 * The Time and attendance operations: staff and who is in, recent visitors, the Entry Book
 * (list a period, record an entry) and the hours report.
 */
import type { Handlers } from '../../contract/handler-types.js';
import type { ServerContext } from '../../context.js';
import type { RefusalBodies } from '../../http/errors.js';
import { listEntries } from './entries.js';
import { recordTimeEntry } from './record-time-entry.js';
import { listStaff, listVisitors, timeReport } from './report.js';

type TimeAttendanceHandlers = Pick<Handlers, 'listStaff' | 'listVisitors' | 'manageTimeEntries' | 'getTimeReport'>;

export function timeAttendanceHandlers(ctx: Pick<ServerContext, 'db' | 'now'>): TimeAttendanceHandlers {
  return {
    async listStaff({ principal }) {
      return { data: await listStaff(ctx, principal) };
    },
    async listVisitors({ principal }) {
      return { data: await listVisitors(ctx, principal) };
    },
    async manageTimeEntries(request) {
      const { data } = request.body;
      const entries =
        data.action === 'record'
          ? await recordTimeEntry(ctx, request.principal, data, { ip: request.ip, userAgent: request.userAgent })
          : await listEntries(ctx, request.principal, data);
      return { code: 1, message: '', data: entries };
    },
    async getTimeReport({ principal, body, language }) {
      return timeReport(ctx, principal, body.data, language);
    },
  };
}

/** A refused entry answers with no entries listed. */
export const timeAttendanceRefusalBodies: RefusalBodies = {
  manageTimeEntries: (refusal) => ({ ...refusal, data: [] }),
};
