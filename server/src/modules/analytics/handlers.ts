/** The Analytics operations: the dashboard's charts (`/get-dashboard`) and the analysis of a template's submissions (`/pivot-details`). */
import type { Handlers } from '../../contract/handler-types.js';
import type { ServerContext } from '../../context.js';
import { dashboardChart } from './dashboard.js';
import { pivot } from './pivot.js';
import { PivotCache } from './pivot-cache.js';

type AnalyticsHandlers = Pick<Handlers, 'getDashboard' | 'getPivot'>;

export function analyticsHandlers(ctx: Pick<ServerContext, 'db' | 'now'>): AnalyticsHandlers {
  // The server's own: kept answers are of this server's database only.
  const pivots = new PivotCache();
  return {
    async getDashboard({ body, principal, language }) {
      return dashboardChart(ctx, principal.companyId, body.selectedChart, language);
    },
    async getPivot({ query, principal, language }) {
      return pivot(ctx, pivots, principal.companyId, query, language);
    },
  };
}
