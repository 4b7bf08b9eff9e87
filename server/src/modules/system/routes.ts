import type { Module } from '../../context.js';
import { measureServerLoad } from './load.js';

/** The server status strip of the top bar, polled every 2 seconds (spec part 1, section 7). */
export const systemModule: Module = (api, { config }) => {
  api.get('/api/App/server/load/check', {
    access: 'admin',
    handler: async () => ({
      status: true,
      message: 'Server load',
      ...(await measureServerLoad(config.dataDir)),
    }),
  });
};
