// A number past what an integer column holds is bad input, never a server failure: the core's
// whole numbers go up to 2^53 - 1, PostgreSQL's integer columns to 2^31 - 1, which answers 400
// and stores nothing, files included; SQLite's integers take 64 bits and store it. Found by the
// fuzz test (src/fuzz).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mediaFiles, sample, signedInClient } from '../modules/stories/testing.js';
import {
  dialects,
  freshDatabase,
  startTestServer,
  testConfig,
  type TestDatabase,
  type TestServer,
} from '../testing/harness.js';
import { numberTooLargeMessage } from './errors.js';

describe.each(dialects)('a number past 2^31 - 1 on %s', (dialect) => {
  let database: TestDatabase;
  let server: TestServer;
  let api: Awaited<ReturnType<typeof signedInClient>>;
  beforeAll(async () => {
    database = await freshDatabase(dialect);
    server = await startTestServer(testConfig(database));
    api = await signedInClient(server);
  });
  afterAll(async () => {
    await server.close();
    await database.drop();
  });

  it('answers 400 where the column cannot hold it, and stores nothing', async () => {
    const before = await mediaFiles(server);
    const added = await api.shortcuts.add({
      name: 'Brand',
      url: 'https://brand.example',
      s_no: 2 ** 31,
      image: sample('png'),
    });
    const listed = (await api.shortcuts.list()).data ?? [];
    if (dialect === 'postgres') {
      expect(added).toMatchObject({
        status: false,
        httpStatus: 400,
        message: numberTooLargeMessage,
      });
      expect(listed).toEqual([]);
      expect(await mediaFiles(server)).toEqual(before);
    } else {
      expect(added).toMatchObject({ status: true, httpStatus: 200 });
      expect(listed.map((shortcut) => shortcut.s_no)).toEqual([2 ** 31]);
    }
  });

  it('keeps the largest number a column holds', async () => {
    const added = await api.shortcuts.add({
      name: 'Largest',
      url: 'https://brand.example',
      s_no: 2 ** 31 - 1,
      image: sample('png'),
    });
    expect(added).toMatchObject({ status: true, httpStatus: 200 });
  });
});
