export * from './business-days.js';
export * from './date-presets.js';
