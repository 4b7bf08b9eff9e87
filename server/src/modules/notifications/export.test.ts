// GET /api/App/notification/history/export over real HTTP on each dialect: the history newest
// first across several read pages, its search, CSV with neutralised formulas and the delivery
// in columns of its own, JSON Lines, and the usual refusals.
import {
  endpoints,
  readCsvRecords,
  rowColumns,
  type NotificationExportRequest,
  type NotificationExportRow,
} from '@dealdesk/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exportPageSize } from '../../http/export-pages.js';
import { newId } from '../../ids.js';
import {
  clientFor,
  dialects,
  freshDatabase,
  startTestServer,
  testConfig,
  type TestDatabase,
  type TestServer,
} from '../../testing/harness.js';
import { signedInClient } from '../stories/testing.js';

/** More than two of the export's read pages. */
const stored = exportPageSize * 2 + 5;
const dangerousTitle = '=HYPERLINK("http://evil.example","click")';

describe.each(dialects)('the notification history export on %s', (dialect) => {
  let database: TestDatabase;
  let server: TestServer;
  let api: Awaited<ReturnType<typeof signedInClient>>;

  const exported = async (query: NotificationExportRequest = {}) => {
    const answer = await api.notifications.export(query);
    if (!answer.status || answer.response === undefined) throw new Error(answer.message);
    return { response: answer.response, text: await answer.response.text() };
  };

  beforeAll(async () => {
    database = await freshDatabase(dialect);
    server = await startTestServer(testConfig(database));
    api = await signedInClient(server);
    // Written straight in: the export, not sending, is under test. Ids are time-ordered.
    const start = Date.UTC(2026, 10, 1);
    const rows = Array.from({ length: stored }, (_, index) => {
      const at = new Date(start + index * 60_000);
      return {
        id: newId(at),
        n_title: index === stored - 1 ? dangerousTitle : `Deal ${index}`,
        n_message: index % 2 === 0 ? 'Even, "quoted"\nline' : 'Odd',
        n_url: '',
        n_icon: '',
        created_at: at.toISOString(),
        send_at: index === 0 ? at.toISOString() : null,
        state: index === 0 ? ('scheduled' as const) : ('sent' as const),
        detail: index === 0 ? 'Waiting for its send time' : 'projects/p/messages/1',
        claimed_at: null,
        delivered_at: index === 0 ? null : at.toISOString(),
      };
    });
    const { db } = server.app.dealdesk.context;
    for (let at = 0; at < rows.length; at += 500)
      await db
        .insertInto('notifications')
        .values(rows.slice(at, at + 500))
        .execute();
  });
  afterAll(async () => {
    await server.close();
    await database.drop();
  });

  it('writes every notification newest first as CSV, formulas neutralised', async () => {
    const { response, text } = await exported();
    expect(response.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(response.headers.get('content-disposition')).toMatch(
      /^attachment; filename="notifications-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    const [header, ...records] = readCsvRecords(text);
    expect(header?.fields).toEqual(rowColumns(endpoints.notifications.export));
    expect(records).toHaveLength(stored);
    const ids = records.map((record) => record.fields[0] ?? '');
    expect(ids).toEqual([...ids].sort().reverse());
    expect(new Set(ids).size).toBe(stored);
    expect(records[0]?.fields[2]).toBe(`'${dangerousTitle}`);
    expect(records.at(-1)?.fields.slice(2)).toEqual([
      'Deal 0',
      'Even, "quoted"\nline',
      '',
      '',
      '2026-11-01T00:00:00.000Z',
      'scheduled',
      'Waiting for its send time',
      '',
    ]);
  });

  it('writes the search as JSON Lines', async () => {
    const { text } = await exported({ q: 'Deal 100', format: 'jsonl' });
    const rows = text
      .split('\n')
      .filter((line) => line !== '')
      .map((line) => JSON.parse(line) as NotificationExportRow);
    // Deal 100 and Deal 1000 to 1009.
    expect(rows.map((row) => row.n_title)).toEqual([
      ...Array.from({ length: 10 }, (_, index) => `Deal ${1009 - index}`),
      'Deal 100',
    ]);
    expect(rows[0]).toMatchObject({ delivery_state: 'sent', sendAt: null });
  });

  it('refuses a bad format (400) and a caller without a token (401)', async () => {
    const bad = await api.notifications.export({ format: 'xml' as 'csv' });
    expect(bad).toMatchObject({ status: false, httpStatus: 400 });
    expect((await clientFor(server).notifications.export()).httpStatus).toBe(401);
  });
});
