import { endpoints } from '@dealdesk/core';
import type { Module } from '../../context.js';
import { startPoller } from '../../operations/poller.js';
import { auditTrail, pruneEveryMs } from './service.js';

/** The audit log's list, entry and export; its entries older than the retention go hourly. */
export const auditModule: Module = (api, context) => {
  const audit = auditTrail(context);
  const pruning = startPoller(
    async () => {
      const removed = await audit.prune();
      if (removed > 0) context.log.info({ removed }, 'audit log: old entries pruned');
    },
    pruneEveryMs,
    context.log,
    'audit log pruning',
  );
  context.onClose(() => pruning.stop());

  api.implement(endpoints.audit.list, { handler: ({ query }) => audit.list(query) });
  api.implement(endpoints.audit.detail, {
    handler: async ({ params }) => ({ data: await audit.detail(params.id) }),
  });
  api.implement(endpoints.audit.export, { handler: async ({ query }) => audit.exportRows(query) });
};
