import type { ServerLoad } from '../entities/controller.js';
import { command } from './command.js';

export const system = {
  serverLoad: () =>
    command<ServerLoad>({ method: 'GET', path: '/api/App/server/load/check', auth: 'bearer' }),
};
