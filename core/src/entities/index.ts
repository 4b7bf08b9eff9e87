export * from './common.js';
export * from './admin.js';
export * from './stories.js';
export * from './controller.js';
export * from './dashboard.js';
export * from './catalogue.js';
export * from './ads.js';
