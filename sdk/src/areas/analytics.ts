import type { CallOptions, Transport } from '../transport.js';
import type { ChartName, DashboardChart, Pivot, PivotQuery } from '../types.js';

export interface AnalyticsApi {
  dashboard(selectedChart: ChartName, options?: CallOptions): Promise<DashboardChart>;
  pivot(query?: PivotQuery, options?: CallOptions): Promise<Pivot>;
}

export function analyticsApi({ api, send }: Transport): AnalyticsApi {
  return {
    dashboard: (selectedChart, options) => send((init) => api.POST('/get-dashboard', { ...init, body: { selectedChart } }), options),
    pivot: (query = {}, options) => send((init) => api.GET('/pivot-details', { ...init, params: { query } }), options),
  };
}
