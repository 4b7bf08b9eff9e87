import { z } from 'zod';
import { webVitalNames } from '../rules/web-vitals.js';
import { textLimits } from './text-limits.js';

/**
 * One Core Web Vital as the web app's beacon sends it: the screen's route pattern, the metric
 * and its value (LCP and INP in milliseconds, CLS unitless, as web-vitals gives them). An hour
 * is more than any real paint or interaction takes.
 */
export const webVitalReportSchema = z.object({
  screen: z
    .string({ error: 'screen must be a route pattern' })
    .max(textLimits.url, 'screen must be a route pattern'),
  name: z.enum(webVitalNames, { error: 'name must be LCP, INP or CLS' }),
  value: z
    .number({ error: 'value must be a number' })
    .min(0, 'value must be from 0 to 3,600,000')
    .max(3_600_000, 'value must be from 0 to 3,600,000'),
});
