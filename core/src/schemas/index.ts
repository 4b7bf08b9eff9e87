export * from './fields.js';
export * from './common.js';
export * from './uploads.js';
export * from './auth.js';
export * from './tokens.js';
export * from './profile.js';
