import { describe, expect, it } from 'vitest';
import { newId } from './ids.js';

describe('newId', () => {
  it('is 24 lowercase hex characters starting with the creation second', () => {
    const at = new Date('2025-03-01T10:00:00Z');
    const id = newId(at);
    expect(id).toMatch(/^[0-9a-f]{24}$/);
    expect(parseInt(id.slice(0, 8), 16)).toBe(at.getTime() / 1000);
  });

  it('sorts by creation time, and ids made in the same second never collide', () => {
    const earlier = newId(new Date('2025-03-01T10:00:00Z'));
    const later = newId(new Date('2025-03-01T10:00:01Z'));
    expect(earlier < later).toBe(true);
    const sameSecond = Array.from({ length: 1000 }, () => newId(new Date('2025-03-01T10:00:00Z')));
    expect(new Set(sameSecond).size).toBe(1000);
  });
});
