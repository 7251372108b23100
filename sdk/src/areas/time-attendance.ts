import { withSuccessCodeOf } from '../api-error.js';
import { manageTimeEntriesCodes } from '../generated/app-codes/time-attendance.js';
import type { CallOptions, Transport } from '../transport.js';
import type { StaffList, TimeEntriesRequest, TimeReportRequest, TnaReport, TnaResponse, VisitorList } from '../types.js';

export interface TimeAttendanceApi {
  staff(options?: CallOptions): Promise<StaffList>;
  visitors(options?: CallOptions): Promise<VisitorList>;
  /** Lists the entries in a date range, or records one (`POST /tna { data }`). */
  entries(data: TimeEntriesRequest, options?: CallOptions): Promise<TnaResponse>;
  /** Hours and visits in a date range (`POST /tna_report { data }`). */
  report(data: TimeReportRequest, options?: CallOptions): Promise<TnaReport>;
}

export function timeAttendanceApi({ api, send }: Transport): TimeAttendanceApi {
  return {
    staff: (options) => send((init) => api.POST('/staffget', init), options),
    visitors: (options) => send((init) => api.POST('/visitorget', init), options),
    entries: (data, options) =>
      withSuccessCodeOf(
        manageTimeEntriesCodes,
        send((init) => api.POST('/tna', { ...init, body: { data } }), options),
        { preferServerMessage: true },
      ),
    report: (data, options) => send((init) => api.POST('/tna_report', { ...init, body: { data } }), options),
  };
}
