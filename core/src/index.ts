export * from './entities/index.js';
export * from './constants.js';
