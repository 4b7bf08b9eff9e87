import { profileMessages } from '@dealdesk/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  clientFor,
  createTestAdmin,
  dialects,
  freshDatabase,
  signIn,
  startTestServer,
  testConfig,
  type TestDatabase,
  type TestServer,
} from '../../testing/harness.js';

const profile = {
  a_name: 'Asha Rao',
  a_state: 'Karnataka',
  a_city: 'Bengaluru',
  a_phone: '9876543210',
  a_address: '12 MG Road',
};

describe.each(dialects)('profile on %s', (dialect) => {
  let database: TestDatabase;
  let server: TestServer;
  beforeAll(async () => {
    database = await freshDatabase(dialect);
    server = await startTestServer(testConfig(database));
  });
  afterAll(async () => {
    await server.close();
    await database.drop();
  });

  async function signedInClient() {
    const admin = await createTestAdmin(server);
    const token = await signIn(server, admin);
    return { admin, api: clientFor(server, () => token).admin };
  }

  it('answers the admin fields, without the password', async () => {
    const { admin, api } = await signedInClient();
    const answer = await api.adminData();
    expect(answer).toMatchObject({ status: true, httpStatus: 200 });
    expect(answer.data).toEqual({
      a_id: admin.a_id,
      a_email: admin.a_email,
      a_name: '',
      a_state: '',
      a_city: '',
      a_address: '',
      a_phone: '',
    });
  });

  it('updates the profile; the email cannot change', async () => {
    const { admin, api } = await signedInClient();
    const updated = await api.updateProfile(profile);
    expect(updated).toMatchObject({ status: true, data: { ...profile, a_email: admin.a_email } });
    expect((await api.adminData()).data).toEqual({
      a_id: admin.a_id,
      a_email: admin.a_email,
      ...profile,
    });

    // An email slipped into the update is not taken.
    await api.updateProfile({ ...profile, a_email: 'new@example.test' } as typeof profile);
    expect((await api.adminData()).data?.a_email).toBe(admin.a_email);
  });

  it.each([
    ['8 digits', '98765432', 400],
    ['12 digits', '987654321012', 400],
    ['9 digits', '987654321', 200],
    ['11 digits', '98765432101', 200],
    ['12 characters with a country code', '+91 98765432', 400],
    ['13 characters with separators', '(080) 2345678', 400],
  ])('checks the phone length: %s', async (_label, a_phone, httpStatus) => {
    const { api } = await signedInClient();
    const answer = await api.updateProfile({ ...profile, a_phone });
    expect(answer.httpStatus).toBe(httpStatus);
    expect(answer.status).toBe(httpStatus === 200);
    if (httpStatus === 400) expect(answer.message).toBe(profileMessages.phoneLength);
  });

  it('saves the first admin without a name or phone, and a phone written with separators', async () => {
    const { api } = await signedInClient();
    const blank = { a_name: '', a_state: '', a_city: '', a_phone: '', a_address: 'HQ' };
    expect(await api.updateProfile(blank)).toMatchObject({ status: true, httpStatus: 200 });
    const written = await api.updateProfile({ ...blank, a_phone: '98765-43210' });
    expect(written).toMatchObject({ status: true, data: { a_phone: '98765-43210' } });
  });

  it('refuses an update without a session', async () => {
    const answer = await clientFor(server).admin.updateProfile(profile);
    expect(answer).toMatchObject({ status: false, httpStatus: 401 });
  });
});
