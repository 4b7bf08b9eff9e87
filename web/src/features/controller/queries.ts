import { queryOptions } from '@tanstack/react-query';
import { api } from '../../app/api.js';
import { unwrap } from '../../ui/notify.js';

/** The switches, positions, placements and app settings. */
export const controllerQuery = queryOptions({
  queryKey: ['controller'],
  queryFn: async () => unwrap(await api.controller.get()),
});
