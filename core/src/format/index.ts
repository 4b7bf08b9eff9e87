export { missingText, invalidText } from './instants.js';
export * from './counts.js';
export * from './times.js';
export * from './business-days.js';
export * from './date-presets.js';
export * from './daily-series.js';
export * from './banner-names.js';
export * from './server-load.js';
export * from './clicks-diff.js';
