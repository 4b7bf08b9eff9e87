// The content API as the mobile app meets it: a real server on each dialect, real HTTP, the
// API key and no admin token; what administrators publish through the admin API shows here.
import {
  appHomeSchema,
  appProductSchema,
  createApiClient,
  decryptResponse,
  endpoints,
  type ApiClient,
  type StoryInsertData,
} from '@dealdesk/core';
import { existsSync } from 'node:fs';
import { Agent, request } from 'node:http';
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
import { builtServer, startServerProcess } from '../../testing/processes.js';
import { addCategory, addProduct, addSubcategory } from '../products/catalogue-fixtures.js';
import { sample, signedInClient, track } from '../stories/testing.js';
import { placeStoryAds } from './home.js';

/** A change shows within this (the counters are read every 20 ms here). */
const withinASecond = { timeout: 1_000, interval: 20 };

const story = (fields: Partial<StoryInsertData> = {}): StoryInsertData => ({
  storyTime: 8,
  btnName: 'Shop now',
  btnUrl: 'https://deals.example/s',
  NTV_ID: '',
  maxviewLimit: 0,
  maxclickLimit: 0,
  ...fields,
});

/** GET on the content API with the key and no token; the answer opened, with its headers. */
async function get(
  server: Pick<TestServer, 'baseUrl' | 'config'>,
  path: string,
  headers: Record<string, string> = {},
) {
  const response = await fetch(`${server.baseUrl}${path}`, {
    headers: { 'x-api-key': server.config.apiKey, ...headers },
  });
  const text = await response.text();
  return {
    status: response.status,
    headers: response.headers,
    text,
    body:
      text === '' ? undefined : (decryptResponse(JSON.parse(text), server.config.secret) as never),
  };
}

describe('story ads among stories', () => {
  const stories = ['a', 'b', 'c', 'd', 'e'].map((id) => ({ kind: 'story' as const, _id: id }));
  const ads = ['x', 'y', 'z'].map((id) => ({ kind: 'ad' as const, _id: id }));
  const ids = (every: number) =>
    placeStoryAds(stories as never, ads as never, every).map((item) => item._id);

  it('go after every n-th story while they last, and not at all for 0', () => {
    expect(ids(2)).toEqual(['a', 'b', 'x', 'c', 'd', 'y', 'e']);
    expect(ids(1)).toEqual(['a', 'x', 'b', 'y', 'c', 'z', 'd', 'e']);
    expect(ids(0)).toEqual(['a', 'b', 'c', 'd', 'e']);
    expect(ids(9)).toEqual(['a', 'b', 'c', 'd', 'e']);
  });
});

describe.each(dialects)('the content API on %s', (dialect) => {
  let database: TestDatabase;
  let server: TestServer;
  let admin: ApiClient;
  /** The app: the API key, no token. */
  let app: ApiClient;
  beforeAll(async () => {
    database = await freshDatabase(dialect);
    server = await startTestServer(
      testConfig(database, { contentPollMs: 20, publicUrl: 'https://cdn.deals.example' }),
    );
    admin = await signedInClient(server);
    app = clientFor(server);
  });
  afterAll(async () => {
    await server.close();
    await database.drop();
  });

  const home = async () => {
    const answer = await app.app.home();
    expect(answer).toMatchObject({ status: true, httpStatus: 200 });
    return appHomeSchema.parse(answer.data);
  };
  const storyIds = async () => (await home()).stories.map((item) => item._id);

  it('answers every call with the API key alone, and refuses another key (403)', async () => {
    const answers = await Promise.all([
      app.app.home(),
      app.app.categories(),
      app.app.products({}),
      app.app.privacy(),
      app.app.terms(),
    ]);
    for (const answer of answers) expect(answer).toMatchObject({ status: true, httpStatus: 200 });
    const stranger = createApiClient({
      baseUrl: server.baseUrl,
      apiKey: 'not-the-key',
      secret: server.config.secret,
    });
    expect(await stranger.app.home()).toMatchObject({ status: false, httpStatus: 403 });
  });

  it('shows running stories with absolute media, and leaves out a story past its View limit', async () => {
    const limited = await admin.stories.add({
      insertData: story({ maxviewLimit: 3, maxviewStatus: true }),
      image: sample('png'),
    });
    const open = await admin.stories.add({ insertData: story(), image: sample('jpg') });
    const [limitedId, openId] = [limited.data?._id ?? '', open.data?._id ?? ''];
    await expect.poll(storyIds, withinASecond).toEqual(expect.arrayContaining([limitedId, openId]));
    const shown = (await home()).stories.find((item) => item._id === openId);
    expect(shown?.image).toMatch(/^https:\/\/cdn\.deals\.example\/media\/.+\.jpg$/);

    await track(server, 'story', limitedId, { views: 2 });
    // The counters read now include the two views: home is judged on them.
    await server.app.dealdesk.context.changes.refresh();
    expect(await storyIds()).toContain(limitedId);
    await track(server, 'story', limitedId, { views: 1 });
    await expect.poll(storyIds, withinASecond).not.toContain(limitedId);
    expect(await storyIds()).toContain(openId);
  });

  it('places story ads after every storyAdsPosition-th story, and empties a switched-off section', async () => {
    await admin.controller.setPosition({ name: 'storyAdsPosition', value: 1 });
    const ad = await admin.storyAds.add({
      insertData: story({ adsStory: true }),
      image: sample('png'),
    });
    const adId = ad.data?._id ?? '';
    await expect
      .poll(async () => (await home()).stories.map((item) => item.kind), withinASecond)
      .toEqual(['story', 'ad']);
    expect((await home()).stories[1]).toMatchObject({ _id: adId, type: 'Image', NTV_ID: '' });

    await admin.controller.setSwitch({ name: 'storyVideo', status: false });
    await expect.poll(storyIds, withinASecond).toEqual([]);
    await admin.controller.setSwitch({ name: 'storyVideo', status: true });
    await expect.poll(storyIds, withinASecond).not.toEqual([]);
  });

  it('carries the website ads, whose ids the app reports as webAd', async () => {
    expect(
      await admin.webAds.add({
        a_name: 'Partner_site',
        a_id: 'https://partner.example/offer',
        a_description: 'Partner offer',
      }),
    ).toMatchObject({ status: true });
    await expect
      .poll(async () => (await home()).webAds.map((ad) => ad.a_name), withinASecond)
      .toEqual(['Partner_site']);
    const [webAd] = (await home()).webAds;
    expect(webAd).toEqual({
      _id: expect.stringMatching(/^[0-9a-f]{24}$/),
      a_name: 'Partner_site',
      a_id: 'https://partner.example/offer',
    });
    expect(
      await app.tracking.track({
        events: [{ kind: 'webAd', id: webAd?._id ?? '', event: 'click' }],
      }),
    ).toMatchObject({ status: true, accepted: 1, rejected: [] });
  });

  it('leaves out an in-house ad once its clicks reach the limit', async () => {
    await admin.controller.setSwitch({ name: 'inHouseAds', status: true });
    const created = await admin.inHouseAds.create({
      mainTitle: 'Festive offer',
      subTitle: 'Up to 70% off',
      description: 'Limited time',
      callToAction: 'https://deals.example/festive',
      btnName: 'Shop now',
      ad_type: 'FS',
      medType: 'image',
      maxviewLimit: 0,
      maxviewStatus: false,
      maxclickLimit: 2,
      maxclickStatus: true,
      icon: sample('png'),
      image: sample('jpg'),
    });
    expect(created).toMatchObject({ status: true });
    const inHouse = async () => (await home()).inHouseAds.map((item) => item.mainTitle);
    await expect.poll(inHouse, withinASecond).toContain('Festive offer');
    const [listed] = (await admin.inHouseAds.list({ q: 'Festive' })).data ?? [];
    await track(server, 'inHouseAd', listed?._id ?? '', { clicks: 2 });
    await expect.poll(inHouse, withinASecond).not.toContain('Festive offer');
  });

  it('carries the controller, the install link, shortcuts, banners and ad units', async () => {
    await admin.shortcuts.add({ name: 'Brand A', url: 'https://a.example', image: sample('png') });
    await admin.banners.add({
      insertData: { name: 'Sale', url: 'https://deals.example/sale' },
      image: sample('png'),
    });
    await admin.adUnits.add({
      type: 'native',
      a_name: 'Home_native',
      a_id: 'ca-app-pub-1/2',
      a_description: 'Home screen',
    });
    await admin.controller.setInstallNew({ btn_url: 'https://play.example/new' });
    await expect
      .poll(async () => (await home()).adUnits.native, withinASecond)
      .toEqual(['ca-app-pub-1/2']);
    const document = await home();
    expect(document.installNew.btn_url).toBe('https://play.example/new');
    expect(document.shortcuts.map((item) => item.name)).toEqual(['Brand A']);
    expect(document.shortcuts[0]?.logo).toMatch(/^https:\/\/cdn\.deals\.example\/media\//);
    expect(document.banners.map((item) => item.name)).toEqual(['Sale']);
    expect(document.controller).toMatchObject({
      storyAdsPosition: 1,
      intentControl: expect.any(String),
    });

    await admin.controller.setSwitch({ name: 'banner', status: false });
    await expect.poll(async () => (await home()).banners, withinASecond).toEqual([]);
  });

  it('pages products newest first with a cursor, filters them and shows one in full', async () => {
    const category = await addCategory(admin, 'Kitchen');
    const shelf = await addSubcategory(admin, category, 'Kettles');
    const ids: string[] = [];
    for (const title of ['Steel kettle', 'Glass kettle', 'Copper kettle'])
      ids.push(await addProduct(admin, shelf, { title }));
    const page = async (query: Parameters<ApiClient['app']['products']>[0]) => {
      const answer = await app.app.products(query);
      expect(answer).toMatchObject({ status: true, httpStatus: 200 });
      return answer;
    };
    await expect
      .poll(async () => (await page({ q: 'kettle', limit: 2 })).data?.length, withinASecond)
      .toBe(2);
    const first = await page({ q: 'kettle', limit: 2 });
    expect(first.data?.map((product) => product.title)).toEqual(['Copper kettle', 'Glass kettle']);
    expect(first.nextCursor).toBe(ids[1]);
    const second = await page({ q: 'kettle', limit: 2, cursor: first.nextCursor ?? '' });
    expect(second.data?.map((product) => product.title)).toEqual(['Steel kettle']);
    expect(second.nextCursor).toBeNull();
    expect((await page({ subcategory: shelf._id, event: 'Trending' })).data).toEqual([]);
    expect((await page({ category: category._id })).data).toHaveLength(3);

    const one = await app.app.product({ id: ids[0] ?? '' });
    const product = appProductSchema.parse(one.data);
    expect(product).toMatchObject({ title: 'Steel kettle', category: { name: 'Kitchen' } });
    expect(product).not.toHaveProperty('view');
    // Each answer with images names the widths their /media/ links answer with ?w=.
    const widths = [160, 320, 640, 1080];
    expect([first.imageWidths, one.imageWidths, (await app.app.home()).imageWidths]).toEqual([
      widths,
      widths,
      widths,
    ]);
    expect(await app.app.product({ id: '0123456789abcdef01234567' })).toMatchObject({
      status: false,
      httpStatus: 404,
    });
    expect(await app.app.products({ limit: 101 })).toMatchObject({
      status: false,
      httpStatus: 400,
    });

    const categories = await app.app.categories();
    const kitchen = categories.data?.find((item) => item.name === 'Kitchen');
    expect(kitchen).toMatchObject({
      total_products: 3,
      subcategories: [{ name: 'Kettles', total_products: 3 }],
    });
  });

  it('checks the key of every request on a kept-alive connection, not only the first', async () => {
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    const statusWith = (key: string) =>
      new Promise<number>((resolve, reject) => {
        const url = new URL('/api/v1/app/home', server.baseUrl);
        request(url, { agent, headers: { 'x-api-key': key } }, (response) => {
          response.resume();
          response.once('end', () => resolve(response.statusCode ?? 0));
        })
          .once('error', reject)
          .end();
      });
    // The second request on the socket comes from memory (the answer is built by the first).
    expect(await statusWith(server.config.apiKey)).toBe(200);
    expect(await statusWith(server.config.apiKey)).toBe(200);
    expect(await statusWith('not-the-key')).toBe(403);
    expect(await statusWith(server.config.apiKey)).toBe(200);
    agent.destroy();
  });

  it('answers 304 to the ETag it gave, and another ETag once an admin changes the content', async () => {
    const first = await get(server, '/api/v1/app/policy/terms');
    expect(first.status).toBe(200);
    expect(first.headers.get('cache-control')).toBe(
      'public, max-age=30, stale-while-revalidate=300',
    );
    const etag = first.headers.get('etag') ?? '';
    expect(etag).toMatch(/^"[\w-]+"$/);
    // Kept alive longer than a load balancer's idle timeout, as Fastify's own servers are.
    expect(first.headers.get('keep-alive')).toBe('timeout=72');
    const again = await get(server, '/api/v1/app/policy/terms', { 'if-none-match': etag });
    expect(again).toMatchObject({ status: 304, text: '' });
    expect(again.headers.get('etag')).toBe(etag);
    // From memory (before Fastify) the answer is the same, headers included.
    const remembered = await get(server, '/api/v1/app/policy/terms');
    expect(remembered.text).toBe(first.text);
    for (const header of ['etag', 'cache-control', 'content-type', 'keep-alive'])
      expect(remembered.headers.get(header)).toBe(first.headers.get(header));

    await admin.policy.updateTerms({ terms_title: 'Terms', terms_description: 'Be kind.' });
    await expect
      .poll(
        async () =>
          (await get(server, '/api/v1/app/policy/terms', { 'if-none-match': etag })).status,
        withinASecond,
      )
      .toBe(200);
    const changed = await get(server, '/api/v1/app/policy/terms');
    expect(changed.headers.get('etag')).not.toBe(etag);
    expect(changed.body).toMatchObject({ data: { title: 'Terms', description: 'Be kind.' } });
  });
});

describe.skipIf(!existsSync(builtServer))(
  'the content API in two server processes on one PostgreSQL',
  () => {
    let database: TestDatabase;
    let editing: TestServer;
    let serving: Awaited<ReturnType<typeof startServerProcess>>;
    beforeAll(async () => {
      database = await freshDatabase('postgres');
      const config = testConfig(database);
      editing = await startTestServer(config);
      serving = await startServerProcess(config);
    });
    afterAll(async () => {
      await serving.stop();
      await editing.close();
      await database.drop();
    });

    it('serves an edit made in one process from the other within a second', async () => {
      const admin = await signedInClient(editing);
      const before = await get(serving, '/api/v1/app/policy/privacy');
      expect(before.status).toBe(200);
      await admin.policy.updatePolicy({ policy_title: 'Privacy', policy_description: 'v2' });
      await expect
        .poll(async () => (await get(serving, '/api/v1/app/policy/privacy')).body, {
          timeout: 1_000,
          interval: 20,
        })
        .toMatchObject({ data: { description: 'v2' } });
      // Both seal the same content to the same bytes: a CDN sees one ETag.
      const [one, other] = await Promise.all(
        [editing, serving].map((server) => get(server, '/api/v1/app/policy/privacy')),
      );
      expect(one?.headers.get('etag')).toBe(other?.headers.get('etag'));
      expect(one?.text).toBe(other?.text);
      expect(one?.headers.get('etag')).not.toBe(before.headers.get('etag'));
    });
  },
);

describe('the app API document', () => {
  let database: TestDatabase;
  let server: TestServer;
  beforeAll(async () => {
    database = await freshDatabase('sqlite');
    server = await startTestServer(testConfig(database));
  });
  afterAll(async () => {
    await server.close();
    await database.drop();
  });

  it('validates as OpenAPI 3.1 and lists every app call, tracking included, without the key', async () => {
    const { Validator } = await import('@seriousme/openapi-schema-validator');
    const response = await fetch(`${server.baseUrl}/api/v1/app/openapi.json`);
    expect(response.status).toBe(200);
    const document = (await response.json()) as { paths: Record<string, unknown> };
    const result = await new Validator().validate(document as never);
    expect(result.errors).toBeUndefined();
    expect(result.valid).toBe(true);
    const appPaths = [...Object.values(endpoints.app), endpoints.tracking.track].map((call) =>
      call.path.replace(/:(\w+)/g, '{$1}'),
    );
    expect(Object.keys(document.paths).sort()).toEqual([...new Set(appPaths)].sort());
    const page = await fetch(`${server.baseUrl}/api/v1/app/docs`);
    expect(page.headers.get('content-type')).toContain('text/html');
    const html = await page.text();
    for (const path of appPaths) expect(html).toContain(path.replace(/[{}]/g, (c) => c));
  });
});
