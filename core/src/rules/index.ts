export * from './limits.js';
export * from './story-ads.js';
export * from './events.js';
export * from './confirmations.js';
export * from './send-time.js';
export * from './admin-ids.js';
export * from './search-fold.js';
export * from './web-vitals.js';
