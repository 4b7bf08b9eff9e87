import { describe, expect, it } from 'vitest';
import { adminIdKey, adminIdScripts, adminIdSkeleton, mixesScripts } from './admin-ids.js';

describe('admin IDs', () => {
  it('folds case and compatibility forms into one key', () => {
    expect(adminIdKey('Admin')).toBe('admin');
    expect(adminIdKey('ＡＤＭＩＮ')).toBe('admin');
    expect(adminIdKey('ﬁnance')).toBe('finance');
    expect(adminIdKey('Ops①')).toBe('ops1');
  });

  it('reads Cyrillic and Greek look-alikes, 0 and 1 as the Latin letters', () => {
    expect(adminIdSkeleton('\u0430dmin')).toBe('admin');
    expect(adminIdSkeleton('АДМИН')).not.toBe('admin');
    expect(adminIdSkeleton('\u0440\u0430\u0443')).toBe('pay');
    expect(adminIdSkeleton('\u03bf\u03c1s')).toBe('ops');
    expect(adminIdSkeleton('r00t')).toBe(adminIdSkeleton('root'));
    expect(adminIdSkeleton('pau1')).toBe(adminIdSkeleton('paul'));
    expect(adminIdSkeleton('marta')).not.toBe(adminIdSkeleton('martha'));
  });

  it('names the scripts of the letters, digits and signs aside', () => {
    expect(adminIdScripts('ops-team_2')).toEqual(['Latin']);
    expect(adminIdScripts('\u0430dmin')).toEqual(['Cyrillic', 'Latin']);
    expect(adminIdScripts('δέλτα')).toEqual(['Greek']);
    expect(adminIdScripts('山田たろう')).toEqual(['CJK']);
    expect(adminIdScripts('2024')).toEqual([]);
  });

  it('refuses mixed scripts only', () => {
    expect(mixesScripts('\u0430dmin')).toBe(true);
    expect(mixesScripts('Ζeus')).toBe(true);
    expect(mixesScripts('админ')).toBe(false);
    expect(mixesScripts('José.García')).toBe(false);
  });
});
