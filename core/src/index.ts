export * from './entities/index.js';
export * from './constants.js';
export * from './schemas/index.js';
export * from './rules/index.js';
export * from './format/index.js';
export * from './envelope/index.js';
export * from './client/index.js';
export * from './contract/index.js';
