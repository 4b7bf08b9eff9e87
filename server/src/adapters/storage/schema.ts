// The database as kysely sees it: each module declares its own tables next to its code and
// adds them here.
import type { AdsTables } from '../../modules/ads/tables.js';
import type { AuditTables } from '../../modules/audit/tables.js';
import type { AuthTables } from '../../modules/auth/tables.js';
import type { SecondFactorTables } from '../../modules/auth/second-factor-tables.js';
import type { BannerTables } from '../../modules/banners/tables.js';
import type { CategoryTables } from '../../modules/categories/tables.js';
import type { ControllerTables } from '../../modules/controller/tables.js';
import type { InHouseTables } from '../../modules/inhouse/tables.js';
import type { NotificationsTables } from '../../modules/notifications/tables.js';
import type { PolicyTables } from '../../modules/policy/tables.js';
import type { ProductTables } from '../../modules/products/tables.js';
import type { ShortcutTables } from '../../modules/shortcuts/tables.js';
import type { StoryTables } from '../../modules/stories/tables.js';
import type { TrackingTables } from '../../modules/tracking/tables.js';
import type { AttemptTables } from '../../http/attempt-store.js';
import type { IdempotencyTables } from '../../http/idempotency.js';
import type { ChangeCounterTables } from './change-counters.js';
import type { MediaPendingTable } from '../media/pending.js';

export type Database = AuthTables &
  SecondFactorTables &
  AuditTables &
  TrackingTables &
  ShortcutTables &
  StoryTables &
  BannerTables &
  ControllerTables &
  CategoryTables &
  ProductTables &
  PolicyTables &
  AdsTables &
  InHouseTables &
  NotificationsTables &
  ChangeCounterTables &
  AttemptTables &
  IdempotencyTables & { media_pending: MediaPendingTable };
