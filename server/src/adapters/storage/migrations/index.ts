// Every migration, in order. A module that adds tables adds a file here: the name's number
// prefix fixes the order, and a migration never changes once it is committed.
import type { Migration } from 'kysely';
import * as adminAccess from './0001-admin-access.js';
import * as viewClickCounts from './0002-view-click-counts.js';
import * as storiesBannersController from './0003-stories-banners-controller.js';
import * as cataloguePolicy from './0004-catalogue-policy.js';
import * as adsNotifications from './0005-ads-notifications.js';
import * as catalogueCandidates from './0006-catalogue-candidates.js';
import * as searchWithoutEvents from './0007-search-without-events.js';
import * as catalogueChanges from './0008-catalogue-changes.js';
import * as attemptCounts from './0009-attempt-counts.js';
import * as catalogueChangeLog from './0010-catalogue-change-log.js';
import * as totalsChangeLog from './0011-totals-change-log.js';
import * as idempotencyKeys from './0012-idempotency-keys.js';
import * as storyCountAdjustments from './0013-story-count-adjustments.js';
import * as storyThumbnails from './0014-story-thumbnails.js';
import * as productSortIndexes from './0015-product-sort-indexes.js';
import * as contentCounter from './0016-content-counter.js';
import * as mediaPending from './0017-media-pending.js';
import * as productOgUrlIndex from './0018-product-og-url-index.js';
import * as pausableProductTriggers from './0019-pausable-product-triggers.js';
import * as controllerVersions from './0020-controller-versions.js';
import * as auditLog from './0021-audit-log.js';
import * as administrators from './0022-administrators.js';
import * as authenticatorCodes from './0023-authenticator-codes.js';
import * as adminIdSkeletons from './0024-admin-id-skeletons.js';
import * as foldedSearchWords from './0025-folded-search-words.js';
import * as candidatesWithoutEvents from './0026-candidates-without-events.js';
import * as adminRoles from './0027-admin-roles.js';
import * as catalogueChangesInPlace from './0028-catalogue-changes-in-place.js';

export const migrations: Record<string, Migration> = {
  '0001-admin-access': adminAccess,
  '0002-view-click-counts': viewClickCounts,
  '0003-stories-banners-controller': storiesBannersController,
  '0004-catalogue-policy': cataloguePolicy,
  '0005-ads-notifications': adsNotifications,
  '0006-catalogue-candidates': catalogueCandidates,
  '0007-search-without-events': searchWithoutEvents,
  '0008-catalogue-changes': catalogueChanges,
  '0009-attempt-counts': attemptCounts,
  '0010-catalogue-change-log': catalogueChangeLog,
  '0011-totals-change-log': totalsChangeLog,
  '0012-idempotency-keys': idempotencyKeys,
  '0013-story-count-adjustments': storyCountAdjustments,
  '0014-story-thumbnails': storyThumbnails,
  '0015-product-sort-indexes': productSortIndexes,
  '0016-content-counter': contentCounter,
  '0017-media-pending': mediaPending,
  '0018-product-og-url-index': productOgUrlIndex,
  '0019-pausable-product-triggers': pausableProductTriggers,
  '0020-controller-versions': controllerVersions,
  '0021-audit-log': auditLog,
  '0022-administrators': administrators,
  '0023-authenticator-codes': authenticatorCodes,
  '0024-admin-id-skeletons': adminIdSkeletons,
  '0025-folded-search-words': foldedSearchWords,
  '0026-candidates-without-events': candidatesWithoutEvents,
  '0027-admin-roles': adminRoles,
  '0028-catalogue-changes-in-place': catalogueChangesInPlace,
};
