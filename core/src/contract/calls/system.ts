// The server status strip, the per-item dashboard and the app's tracking call.
import { z } from 'zod';
import { serverLoadSchema, viewsDashboardSchema } from '../../entities/index.js';
import { byIdSchema, dashboardQuerySchema, trackBatchSchema } from '../../schemas/index.js';
import { endpoint, envelopeBody } from '../endpoint.js';

export const system = {
  serverLoad: endpoint({
    method: 'GET',
    path: '/api/App/server/load/check',
    access: 'admin',
    role: 'viewer',
    summary: 'CPU, memory and disk use of the server (the top bar polls it)',
    answer: serverLoadSchema,
    message: 'Server load',
  }),
};

export const dashboard = {
  /** Views and clicks of one item per business day (the path's typo is the spec's). */
  viewsDashboard: endpoint({
    method: 'GET',
    path: '/api/admin/view/dashbord/:id',
    access: 'admin',
    role: 'viewer',
    summary: 'Views and clicks of one item per business day',
    params: byIdSchema,
    query: dashboardQuerySchema,
    answer: viewsDashboardSchema,
    message: 'Views and clicks found',
  }),
};

/** The app-facing call: the mobile app holds the API key but no admin token. */
export const tracking = {
  track: endpoint({
    method: 'POST',
    path: '/api/App/track',
    access: 'public',
    role: 'anyone',
    limited: true,
    summary: "The app's views and clicks, in batches",
    body: envelopeBody(trackBatchSchema),
    /**
     * accepted: events counted; rejected: the others, each with its index in the batch, the
     * field at fault ('' for an event that is not an object) and why (malformed, or its id
     * names no item of its kind).
     */
    answer: z.object({
      accepted: z.number(),
      rejected: z.array(z.object({ index: z.number(), field: z.string(), message: z.string() })),
    }),
    message: 'Events recorded',
  }),
};
