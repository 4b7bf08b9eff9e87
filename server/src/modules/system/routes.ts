import { endpoints } from '@dealdesk/core';
import type { Module } from '../../context.js';
import { measureServerLoad } from './load.js';

/** The server status strip of the top bar, polled every 2 seconds (spec part 1, section 7). */
export const systemModule: Module = (api, { config }) => {
  api.implement(endpoints.system.serverLoad, {
    handler: () => measureServerLoad(config.dataDir),
  });
};
