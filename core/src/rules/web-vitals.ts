// The web app's Core Web Vitals, reported per screen to POST /web-vitals and counted in
// /metrics. Screens are the back-office's route patterns (ids stay out), so the server's
// label set is bounded: any other screen is counted as `other`. No zod here: the web app's
// metrics module takes this without loading it.
import { screenRoutes } from './screens.js';

/** Largest contentful paint, interaction to next paint, cumulative layout shift. */
export const webVitalNames = ['LCP', 'INP', 'CLS'] as const;
export type WebVitalName = (typeof webVitalNames)[number];

/** Every screen's route pattern: the web app's routes come from the same list. */
export const webVitalScreens: readonly string[] = Object.values(screenRoutes);

/** The label a reported screen is counted under: itself when known, else `other`. */
export const webVitalScreen = (screen: string): string =>
  webVitalScreens.includes(screen) ? screen : 'other';
