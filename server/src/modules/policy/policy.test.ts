import { policyMessages } from '@dealdesk/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  clientFor,
  dialects,
  freshDatabase,
  startTestServer,
  testConfig,
  type TestDatabase,
  type TestServer,
} from '../../testing/harness.js';
import { signedInClient, type CatalogueClient } from '../products/catalogue-fixtures.js';

describe.each(dialects)('policy and terms on %s', (dialect) => {
  let database: TestDatabase;
  let server: TestServer;
  let api: CatalogueClient;
  beforeAll(async () => {
    database = await freshDatabase(dialect);
    server = await startTestServer(testConfig(database));
    api = await signedInClient(server);
  });
  afterAll(async () => {
    await server.close();
    await database.drop();
  });

  it('answers empty texts before the first save', async () => {
    expect(await api.policy.getPolicy()).toMatchObject({
      status: true,
      httpStatus: 200,
      data: { policy_title: '', policy_description: '' },
    });
    expect((await api.policy.getTerms()).data).toEqual({
      terms_title: '',
      terms_description: '',
    });
  });

  it('stores the policy as given and answers it as stored, markup and lines included', async () => {
    const policy = {
      policy_title: 'Privacy Policy',
      policy_description: '<h2>Data we keep</h2>\nYour orders & clicks.\n\n  Indented line',
    };
    expect(await api.policy.updatePolicy(policy)).toMatchObject({
      status: true,
      message: 'Policy updated successfully',
      httpStatus: 200,
    });
    expect((await api.policy.getPolicy()).data).toEqual(policy);

    // Saving again replaces the one policy; the terms are untouched.
    const revised = { policy_title: 'Privacy Policy v2', policy_description: 'Shorter.' };
    await api.policy.updatePolicy(revised);
    expect((await api.policy.getPolicy()).data).toEqual(revised);
    expect((await api.policy.getTerms()).data?.terms_title).toBe('');
  });

  it('stores the terms apart from the policy', async () => {
    const terms = { terms_title: 'Terms & Conditions', terms_description: '1. Be kind.' };
    expect(await api.policy.updateTerms(terms)).toMatchObject({
      status: true,
      message: 'Terms & Conditions updated successfully',
    });
    expect((await api.policy.getTerms()).data).toEqual(terms);
    expect((await api.policy.getPolicy()).data?.policy_title).not.toBe(terms.terms_title);
  });

  it.each([
    [{ policy_title: ' ', policy_description: 'Text' }, policyMessages.policyTitle],
    [{ policy_title: 'Title', policy_description: '' }, policyMessages.policyDescription],
  ])('refuses a blank policy field: %o', async (update, message) => {
    const before = (await api.policy.getPolicy()).data;
    expect(await api.policy.updatePolicy(update)).toMatchObject({
      status: false,
      message,
      httpStatus: 400,
    });
    expect((await api.policy.getPolicy()).data).toEqual(before);
  });

  it.each([
    [{ terms_title: '', terms_description: 'Text' }, policyMessages.termsTitle],
    [{ terms_title: 'Title', terms_description: '  ' }, policyMessages.termsDescription],
  ])('refuses a blank terms field: %o', async (update, message) => {
    expect(await api.policy.updateTerms(update)).toMatchObject({
      status: false,
      message,
      httpStatus: 400,
    });
  });

  it('needs a signed-in admin', async () => {
    const anonymous = clientFor(server).policy;
    expect((await anonymous.getPolicy()).httpStatus).toBe(401);
    expect((await anonymous.getTerms()).httpStatus).toBe(401);
    const update = await anonymous.updatePolicy({ policy_title: 'x', policy_description: 'y' });
    expect(update).toMatchObject({ status: false, httpStatus: 401 });
  });
});
