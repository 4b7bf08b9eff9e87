import { describe, expect, it } from 'vitest';
import { auditChanges, auditValueText } from './audit-changes.js';

describe('auditChanges', () => {
  it("lists an update's changed fields with both sides as text", () => {
    expect(
      auditChanges({
        before: { name: 'Old', clickCount: 3, status: true },
        after: { name: 'New', clickCount: 3, status: false },
      }),
    ).toEqual([
      { field: 'name', before: 'Old', after: 'New' },
      { field: 'status', before: 'true', after: 'false' },
    ]);
  });

  it("gives a create's fields no before and a delete's no after", () => {
    expect(auditChanges({ before: null, after: { title: 'Lamp', price: null } })).toEqual([
      { field: 'title', before: null, after: 'Lamp' },
      { field: 'price', before: null, after: 'null' },
    ]);
    expect(auditChanges({ before: { title: 'Lamp' }, after: null })).toEqual([
      { field: 'title', before: 'Lamp', after: null },
    ]);
    expect(auditChanges({ before: null, after: null })).toEqual([]);
  });

  it('shows objects and lists as indented JSON, compared by value', () => {
    expect(auditValueText({ a: [1, 2] })).toBe('{\n  "a": [\n    1,\n    2\n  ]\n}');
    expect(auditValueText('')).toBe('');
    expect(
      auditChanges({ before: { size: ['S', 'M'] }, after: { size: ['S', 'M'], extra: 1 } }),
    ).toEqual([{ field: 'extra', before: null, after: '1' }]);
  });
});
