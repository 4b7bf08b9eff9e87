import { describe, expect, it } from 'vitest';
import { sendTimeInPastMessage, sendTimeProblem } from './send-time.js';

const now = new Date('2026-11-24T10:00:00Z');

describe('sendTimeProblem', () => {
  it('lets a missing, future or just-now time through', () => {
    expect(sendTimeProblem(undefined, now)).toBeNull();
    expect(sendTimeProblem('', now)).toBeNull();
    expect(sendTimeProblem('2026-11-24T10:30:00Z', now)).toBeNull();
    expect(sendTimeProblem('2026-11-24T09:59:30Z', now)).toBeNull();
  });

  it('refuses a time more than a minute ago, whatever its offset', () => {
    expect(sendTimeProblem('2020-01-01T00:00:00Z', now)).toBe(sendTimeInPastMessage);
    expect(sendTimeProblem('2026-11-24T15:28:00+05:30', now)).toBe(sendTimeInPastMessage);
  });
});
