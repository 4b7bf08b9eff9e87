// A NUL character in a text field is bad input, never a server failure: PostgreSQL refuses to
// store it (SQLSTATE 22021), which answers 400 and stores nothing, files included; SQLite
// stores the text as given. Found by the fuzz test (src/fuzz).
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
import { nulTextMessage } from './errors.js';

describe.each(dialects)('a NUL character in a text on %s', (dialect) => {
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

  it('answers 400 where the database cannot store it, and keeps what was there', async () => {
    await api.policy.updatePolicy({ policy_title: 'Policy', policy_description: 'Kept.' });
    const saved = await api.policy.updatePolicy({
      policy_title: 'Policy',
      policy_description: 'a\u0000b',
    });
    if (dialect === 'postgres') {
      expect(saved).toMatchObject({ status: false, httpStatus: 400, message: nulTextMessage });
      expect((await api.policy.getPolicy()).data?.policy_description).toBe('Kept.');
    } else {
      expect(saved).toMatchObject({ status: true, httpStatus: 200 });
      expect((await api.policy.getPolicy()).data?.policy_description).toBe('a\u0000b');
    }
  });

  it('leaves no stored file behind when a form with a file is refused', async () => {
    const before = await mediaFiles(server);
    const added = await api.shortcuts.add({
      name: 'Brand\u0000',
      url: 'https://brand.example',
      image: sample('png'),
    });
    expect(added.httpStatus).toBe(dialect === 'postgres' ? 400 : 200);
    if (dialect === 'postgres') expect(await mediaFiles(server)).toEqual(before);
  });
});
