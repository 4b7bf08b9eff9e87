// POST /web-vitals over real HTTP: a report counted in /metrics under its metric and screen,
// unknown screens as `other`, and refusals (too large, not JSON, not a report) answered 4xx
// with the JSON error shape, counted, and never counted as vitals.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  dialects,
  freshDatabase,
  startTestServer,
  testConfig,
  type TestDatabase,
  type TestServer,
} from '../testing/harness.js';
import { metric as wireMetric } from '../testing/wire.js';

const maxBytes = 300;

describe.each(dialects)('web vitals on %s', (dialect) => {
  let database: TestDatabase;
  let server: TestServer;
  beforeAll(async () => {
    database = await freshDatabase(dialect);
    server = await startTestServer(testConfig(database, { webVitalsMaxBytes: maxBytes }));
  });
  afterAll(async () => {
    await server.close();
    await database.drop();
  });

  /** As navigator.sendBeacon sends a string: text/plain, no header of ours. */
  const beacon = async (body: string) => {
    const response = await fetch(`${server.baseUrl}/web-vitals`, {
      method: 'POST',
      headers: { 'content-type': 'text/plain;charset=UTF-8' },
      body,
    });
    return { status: response.status, text: await response.text() };
  };
  const metric = (sample: string) => wireMetric(server, sample, 0);
  const count = (name: string, screen: string) =>
    metric(`dealdesk_web_vitals_count{metric="${name}",screen="${screen}"}`);
  const refused = (reason: string) =>
    metric(`dealdesk_web_vitals_refused_total{reason="${reason}"}`);

  it('counts a report under its metric and route pattern, in seconds', async () => {
    const report = { screen: '/show/Product', name: 'LCP', value: 1800 };
    expect(await beacon(JSON.stringify(report))).toEqual({ status: 204, text: '' });
    expect(await beacon(JSON.stringify({ ...report, name: 'CLS', value: 0.3 }))).toMatchObject({
      status: 204,
    });
    expect(await count('LCP', '/show/Product')).toBe(1);
    expect(await metric('dealdesk_web_vitals_sum{metric="LCP",screen="/show/Product"}')).toBe(1.8);
    expect(
      await metric('dealdesk_web_vitals_bucket{le="2.5",metric="LCP",screen="/show/Product"}'),
    ).toBe(1);
    expect(
      await metric('dealdesk_web_vitals_bucket{le="1",metric="LCP",screen="/show/Product"}'),
    ).toBe(0);
    expect(await count('CLS', '/show/Product')).toBe(1);
  });

  it('counts a screen it does not know, or a raw address, as other', async () => {
    for (const screen of ['/show/product/product-details/0123456789abcdef01234567', '/x/y'])
      expect((await beacon(JSON.stringify({ screen, name: 'INP', value: 120 }))).status).toBe(204);
    expect(await count('INP', 'other')).toBe(2);
    expect(await count('INP', '/show/product/product-details/0123456789abcdef01234567')).toBe(0);
  });

  it('refuses a report over the size limit with 413, and counts it', async () => {
    const before = await refused('too_large');
    const report = { screen: '/'.padEnd(maxBytes, 'a'), name: 'LCP', value: 1 };
    const answer = await beacon(JSON.stringify(report));
    expect(answer.status).toBe(413);
    expect(JSON.parse(answer.text)).toEqual({
      status: false,
      message: `A web vitals report must be at most ${maxBytes} bytes`,
    });
    expect(await refused('too_large')).toBe(before + 1);
    expect(await count('LCP', 'other')).toBe(0);
  });

  it.each([
    ['not JSON', 'LCP=1', 'A web vitals report must be JSON'],
    [
      'an unknown metric',
      JSON.stringify({ screen: '/', name: 'FID', value: 1 }),
      'name must be LCP, INP or CLS',
    ],
    [
      'a negative value',
      JSON.stringify({ screen: '/', name: 'LCP', value: -1 }),
      'value must be from 0 to 3,600,000',
    ],
    ['no screen', JSON.stringify({ name: 'CLS', value: 0.1 }), 'screen must be a route pattern'],
    ['an empty body', '', 'A web vitals report must be JSON'],
  ])('refuses %s with 400 and its message, and counts it', async (_case, body, message) => {
    const before = await refused('invalid');
    expect(await beacon(body)).toEqual({
      status: 400,
      text: JSON.stringify({ status: false, message }),
    });
    expect(await refused('invalid')).toBe(before + 1);
    expect(await count('CLS', '/')).toBe(0);
  });
});
