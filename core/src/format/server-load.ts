import { serverLoadBands } from '../constants.js';

export type ServerLoadBand = 'green' | 'yellow' | 'red';

/**
 * The colour of a CPU, RAM or storage percentage: green under 50, yellow from 50 to 80
 * (80 itself is still yellow: the spec's red is 'over 80'), red over 80. A reading that
 * is not a number has nothing to warn about and shows green.
 */
export function serverLoadBand(percent: number): ServerLoadBand {
  if (percent > serverLoadBands.redAbove) return 'red';
  if (percent >= serverLoadBands.yellowFrom) return 'yellow';
  return 'green';
}
