import type { z } from 'zod';
import type { pageQuery } from '../../schemas/index.js';
import type { ClientInput } from '../client.js';

/** `page`, `limit` and search `q` of the list calls; the server has defaults for each. */
export type PageRequest = Partial<
  ClientInput<z.input<ReturnType<typeof pageQuery>>, { page: number; limit: number }>
>;
