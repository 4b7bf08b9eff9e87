// The client sends each call by its wire form (wire-table.ts), kept beside the declarations so
// that calling loads no schema: this checks the table is exactly what the declarations say.
import { writeFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { endpoints } from './index.js';
import { wireOf } from './wire.js';
import { wireTable } from './wire-table.js';

const derived = Object.fromEntries(
  Object.entries(endpoints).map(([area, calls]) => [
    area,
    Object.fromEntries(Object.entries(calls).map(([name, call]) => [name, wireOf(call)])),
  ]),
);

/** DEALDESK_WRITE_WIRE_TABLE=1 writes the table anew (then run prettier on it). */
if (process.env['DEALDESK_WRITE_WIRE_TABLE'] === '1')
  writeFileSync(
    new URL('./wire-table.ts', import.meta.url),
    `// Every call's wire form, by area and name: what the client sends, without the schemas.
// Derived from the declarations (calls/*.ts); wire.test.ts checks it and writes it anew with
// DEALDESK_WRITE_WIRE_TABLE=1 (then run prettier on this file).
import type { WireTable } from './client.js';
import type { endpoints } from './index.js';

export const wireTable: WireTable<typeof endpoints> = ${JSON.stringify(derived, null, 2)};
`,
  );

describe('the wire table', () => {
  it('says of every call what its declaration says', () => {
    expect(wireTable).toEqual(derived);
  });
});
