import { endpoints } from '@dealdesk/core';
import type { Module } from '../../context.js';
import { clientAddress } from '../../http/client-address.js';
import { eventIngestion } from './ingestion.js';

/**
 * The mobile app's views and clicks (docs/tracking.md). The API key is its only credential:
 * the app has no admin token.
 */
export const trackingModule: Module = (api, context) => {
  const ingestion = eventIngestion(context);
  // Requests in flight have had their events committed by now; this writes any left over.
  context.onClose(() => ingestion.drain());

  api.implement(endpoints.tracking.track, {
    handler: async ({ body, request }) => ingestion.record(body.events, clientAddress(request)),
  });
};
