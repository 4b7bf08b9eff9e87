// Core Web Vitals (LCP, INP, CLS) of the back-office, sent to the server's POST /web-vitals with
// navigator.sendBeacon, which outlives the page. Loaded after the first screen shows (main.tsx),
// in a chunk of its own with the web-vitals library, so the first screen never waits for it.
import { matchPath } from 'react-router-dom';
import { onCLS, onINP, onLCP, type Metric } from 'web-vitals';
import { webVitalScreens } from './paths.js';

/** The route pattern of a path (ids left out), so the server's labels stay few. */
const screenOf = (pathname: string): string =>
  webVitalScreens.find((pattern) => matchPath(pattern, pathname) !== null) ?? 'other';

/** A value is final when the page is hidden or left: it counts for the screen shown then. */
function report(metric: Metric): void {
  const body = JSON.stringify({
    screen: screenOf(window.location.pathname),
    name: metric.name,
    value: metric.value,
  });
  navigator.sendBeacon('/web-vitals', body);
}

export function reportWebVitals(): void {
  onLCP(report);
  onINP(report);
  onCLS(report);
}
