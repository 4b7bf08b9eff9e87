import { compactMillion, compactThousand } from '../constants.js';
import { invalidText, isMissing, missingText } from './instants.js';

function tenthsOf(count: number, unit: number): number {
  return Math.round(count / (unit / 10));
}

/** Tenths of a unit written with the unit, dropping a trailing '.0': 15 -> '1.5k', 10 -> '1k'. */
function withUnit(tenths: number, suffix: string): string {
  const tenth = tenths % 10;
  return `${String(Math.floor(tenths / 10))}${tenth === 0 ? '' : `.${String(tenth)}`}${suffix}`;
}

const thousandsInAMillion = compactMillion / compactThousand;

/**
 * A view or click count as the lists show it: 'N/A' when missing, 'Invalid' when not a
 * count, '0' for none, '01'..'09' under 10 (the spec's padding; '00' read as a glitch), plain from 10 to 999, then one decimal with k from 1,000 and
 * M from 1,000,000 ('1.5k', '2.3M'). Decisions: a whole unit reads '1k' / '1M' rather than
 * '1.0k'; halves round up (1,050 is '1.1k'); a count that would round to '1000k' reads '1M'
 * (999,999 is '1M'); millions stay in M above 999M; numeric text ('42') is read as its
 * number and fractions round to the nearest whole count; a negative count cannot happen,
 * so it reads 'Invalid'.
 */
export function formatCount(value: unknown): string {
  if (isMissing(value)) return missingText;
  const number =
    typeof value === 'number' ? value : typeof value === 'string' ? Number(value) : NaN;
  if (!Number.isFinite(number)) return invalidText;
  const count = Math.round(number);
  if (count < 0) return invalidText;
  if (count === 0) return '0';
  if (count < 10) return `0${String(count)}`;
  if (count < compactThousand) return String(count);
  const thousandTenths = tenthsOf(count, compactThousand);
  return thousandTenths < thousandsInAMillion * 10
    ? withUnit(thousandTenths, 'k')
    : withUnit(tenthsOf(count, compactMillion), 'M');
}
