import type { ViewsDashboard } from '../entities/dashboard.js';
import type { DashboardQueryInput } from '../schemas/index.js';
import { command, segment } from './command.js';

export const dashboard = {
  /** Views and clicks of one item per business day (the path's typo is the spec's). */
  viewsDashboard: (id: string, range: DashboardQueryInput) =>
    command<ViewsDashboard>({
      method: 'GET',
      path: `/api/admin/view/dashbord/${segment(id)}`,
      query: range,
      auth: 'bearer',
    }),
};
