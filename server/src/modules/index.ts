// Every API area. A new area adds its folder under modules/ (routes.ts -> service.ts ->
// repository.ts, tables.ts) and one line here.
import type { Module } from '../context.js';
import { adsModule } from './ads/routes.js';
import { analyticsModule } from './analytics/routes.js';
import { appModule } from './app/routes.js';
import { auditModule } from './audit/routes.js';
import { authModule } from './auth/routes.js';
import type { AuthService } from './auth/service.js';
import { bannersModule } from './banners/routes.js';
import { categoriesModule } from './categories/routes.js';
import { controllerModule } from './controller/routes.js';
import { dashboardModule } from './dashboard/routes.js';
import { inHouseModule } from './inhouse/routes.js';
import { notificationsModule } from './notifications/routes.js';
import { policyModule } from './policy/routes.js';
import { productsModule } from './products/routes.js';
import { profileModule } from './profile/routes.js';
import { shortcutsModule } from './shortcuts/routes.js';
import { storiesModule } from './stories/routes.js';
import { systemModule } from './system/routes.js';
import { trackingModule } from './tracking/routes.js';

export function allModules(auth: AuthService): Module[] {
  return [
    authModule(auth),
    profileModule,
    systemModule,
    shortcutsModule,
    storiesModule,
    bannersModule,
    controllerModule,
    trackingModule,
    dashboardModule,
    categoriesModule,
    productsModule,
    policyModule,
    adsModule,
    inHouseModule,
    analyticsModule,
    notificationsModule,
    auditModule,
    appModule,
  ];
}
