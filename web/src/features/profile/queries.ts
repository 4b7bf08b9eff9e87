import { queryOptions } from '@tanstack/react-query';
import { api } from '../../app/api.js';
import { unwrap } from '../../ui/notify.js';

/** The signed-in admin's details. */
export const adminQuery = queryOptions({
  queryKey: ['admin-data'],
  queryFn: async () => unwrap(await api.admin.adminData()),
});
