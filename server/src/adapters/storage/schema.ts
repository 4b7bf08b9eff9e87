// The database as kysely sees it: each module declares its own tables next to its code and
// adds them here.
import type { AuthTables } from '../../modules/auth/tables.js';
import type { TrackingTables } from '../../modules/tracking/tables.js';

export type Database = AuthTables & TrackingTables;
