// The audit log over real HTTP on each dialect: every kind of write leaves exactly one entry
// (a bulk call one per item) with who, from which client and address, and what changed; a write
// whose entry cannot be written changes nothing, and a write that fails after its entry leaves
// none; the list's filters and pages, one entry, the export (formulas neutralised) and the
// pruning after DEALDESK_AUDIT_DAYS with the test clock.
import {
  businessDay,
  createApiClient,
  endpoints,
  readCsvRecords,
  rowColumns,
  type ApiClient,
  type AuditAction,
  type AuditEntryDetail,
  type AuditKind,
  type ProductDataRequest,
  type StoryInsertData,
} from '@dealdesk/core';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newId } from '../../ids.js';
import {
  createTestAdmin,
  dialects,
  freshDatabase,
  signIn,
  startTestServer,
  testConfig,
  type TestDatabase,
  type TestServer,
} from '../../testing/harness.js';
import { png } from '../products/catalogue-fixtures.js';
import { sample } from '../stories/testing.js';
import { auditTrail } from './service.js';

const browser = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 Chrome/130 Safari/537.36';
const range = { startDate: '2026-01-01', endDate: '2026-01-31' };
const story: StoryInsertData = {
  storyTime: 8,
  btnName: 'Shop now',
  btnUrl: 'https://deals.example/s',
  NTV_ID: '',
  maxviewLimit: 0,
  maxclickLimit: 0,
};
const inHouse = {
  mainTitle: 'Festive sale',
  subTitle: 'Up to 70% off',
  description: 'Festive offers',
  callToAction: 'https://deals.example.com/festive',
  btnName: 'Shop now',
  ad_type: 'NTV' as const,
  medType: 'image' as const,
  maxviewLimit: 0,
  maxviewStatus: false,
  maxclickLimit: 0,
  maxclickStatus: false,
};

/** The ids the writes made, as their entries name them. */
type Ids = Record<string, string>;

interface Step {
  name: string;
  write(api: ApiClient, ids: Ids): Promise<{ status: boolean; message: string }>;
  action: AuditAction;
  kind: AuditKind;
  /** The item's id by the name a create saved it under; null for one-of-a-kind items. */
  item: string | null;
  /** A create saves its item's id under `item`. */
  creates?: true;
  label?: string;
  /** An update's changed fields exactly; a create's or delete's fields in part. */
  before?: Record<string, unknown> | null;
  after?: Record<string, unknown> | null;
  /** Entries the call leaves (bulk calls: one per item). */
  rows?: number;
}

const productData = (ids: Ids, price: number, ogUrl = 'https://shop.example/p/1') =>
  ({
    productDetails: {
      title: 'Linen shirt',
      price,
      og_price: 999,
      og_url: ogUrl,
      category: ids['category'] ?? '',
      subcategory: ids['subcategory'] ?? '',
      rating: '',
      ratingsAndReviews: '',
      deliveryInfo: '',
      availableSizes: ['M'],
      specifications: {},
    },
    events: 'None',
    btn_url: '',
  }) satisfies ProductDataRequest;

const id = (ids: Ids, name: string) => ids[name] ?? '';

/** Every kind of write of the modules, in an order where each finds what it needs. */
const steps: Step[] = [
  {
    name: 'shortcut add',
    write: (api) =>
      api.shortcuts.add({ name: 'Brand', url: 'https://b.example', s_no: 4, image: sample('png') }),
    action: 'create',
    kind: 'shortcut',
    item: 'shortcut',
    creates: true,
    label: 'Brand',
    after: { name: 'Brand', url: 'https://b.example', s_no: 4, status: 1 },
  },
  {
    name: 'shortcut edit',
    write: (api, ids) =>
      api.shortcuts.edit({
        _id: id(ids, 'shortcut'),
        name: 'Brand 2',
        url: 'https://b.example',
        s_no: 4,
        clickCount: 0,
      }),
    action: 'update',
    kind: 'shortcut',
    item: 'shortcut',
    label: 'Brand 2',
    before: { name: 'Brand' },
    after: { name: 'Brand 2' },
  },
  {
    name: 'shortcut status',
    write: (api, ids) => api.shortcuts.setStatus({ _id: id(ids, 'shortcut'), status: false }),
    action: 'status',
    kind: 'shortcut',
    item: 'shortcut',
    before: { status: true },
    after: { status: false },
  },
  {
    name: 'story add',
    write: (api) => api.stories.add({ insertData: story, image: sample('jpg') }),
    action: 'create',
    kind: 'story',
    item: 'story',
    creates: true,
    label: 'Shop now',
    after: { btn_name: 'Shop now', ads_story: 0 },
  },
  {
    name: 'story edit',
    write: (api, ids) =>
      api.stories.edit({
        _id: id(ids, 'story'),
        insertData: { ...story, btnName: 'Buy now', status: true },
      }),
    action: 'update',
    kind: 'story',
    item: 'story',
    label: 'Buy now',
    before: { btn_name: 'Shop now' },
    after: { btn_name: 'Buy now' },
  },
  {
    name: 'story status',
    write: (api, ids) => api.stories.setStatus({ _id: id(ids, 'story'), status: false }),
    action: 'status',
    kind: 'story',
    item: 'story',
    before: { status: true },
    after: { status: false },
  },
  {
    name: 'story ad add',
    write: (api) =>
      api.storyAds.add({ insertData: { ...story, adsStory: true }, image: sample('jpg') }),
    action: 'create',
    kind: 'story-ad',
    item: 'storyAd',
    creates: true,
    after: { ads_story: 1 },
  },
  {
    name: 'story ad status',
    write: (api, ids) => api.storyAds.setStatus({ _id: id(ids, 'storyAd'), status: false }),
    action: 'status',
    kind: 'story-ad',
    item: 'storyAd',
    before: { status: true },
    after: { status: false },
  },
  {
    name: 'banner add',
    write: (api) =>
      api.banners.add({
        insertData: { name: 'Hero', url: 'https://h.example' },
        image: sample('png'),
      }),
    action: 'create',
    kind: 'banner',
    item: 'banner',
    creates: true,
    label: 'Hero',
    after: { name: 'Hero', url: 'https://h.example' },
  },
  {
    name: 'banner edit',
    write: (api, ids) =>
      api.banners.edit({
        _id: id(ids, 'banner'),
        insertData: { name: 'Hero 2', url: 'https://h.example', clickCount: 0 },
      }),
    action: 'update',
    kind: 'banner',
    item: 'banner',
    label: 'Hero 2',
    before: { name: 'Hero' },
    after: { name: 'Hero 2' },
  },
  {
    name: 'banner status',
    write: (api, ids) => api.banners.setStatus({ id: id(ids, 'banner'), status: false }),
    action: 'status',
    kind: 'banner',
    item: 'banner',
    before: { status: true },
    after: { status: false },
  },
  {
    name: 'controller change',
    write: (api) => api.controller.setSwitch({ name: 'banner', status: false }),
    action: 'update',
    kind: 'controller',
    item: null,
    label: 'Controller',
    before: { banner: true },
    after: { banner: false },
  },
  {
    name: 'controller rollback',
    write: (api) => api.controller.rollback({ version: 1 }),
    action: 'rollback',
    kind: 'controller',
    item: null,
    label: 'Controller version 1',
    before: { banner: false },
    after: { banner: true },
  },
  {
    name: 'category add',
    write: (api) => api.categories.add({ name: 'Men', image: png(), bg_image: png() }),
    action: 'create',
    kind: 'category',
    item: 'category',
    creates: true,
    label: 'Men',
    after: { name: 'Men' },
  },
  {
    name: 'category edit',
    write: (api, ids) => api.categories.edit({ id: id(ids, 'category'), name: 'Men 2' }),
    action: 'update',
    kind: 'category',
    item: 'category',
    label: 'Men 2',
    before: { name: 'Men' },
    after: { name: 'Men 2' },
  },
  {
    name: 'subcategory add',
    write: (api, ids) =>
      api.subcategories.add({ name: 'Shirts', categoryId: id(ids, 'category'), image: png() }),
    action: 'create',
    kind: 'subcategory',
    item: 'subcategory',
    creates: true,
    label: 'Shirts',
    after: { name: 'Shirts' },
  },
  {
    name: 'subcategory edit',
    write: (api, ids) =>
      api.subcategories.edit({
        id: id(ids, 'subcategory'),
        name: 'Tees',
        categoryId: id(ids, 'category'),
      }),
    action: 'update',
    kind: 'subcategory',
    item: 'subcategory',
    label: 'Tees',
    before: { name: 'Shirts' },
    after: { name: 'Tees' },
  },
  {
    name: 'product create',
    write: (api, ids) =>
      api.products.create({
        productData: productData(ids, 499),
        imageUrls: ['https://cdn.example/1.jpg'],
      }),
    action: 'create',
    kind: 'product',
    item: 'product',
    creates: true,
    label: 'Linen shirt',
    after: { title: 'Linen shirt', price: 499, images: [{ url: 'https://cdn.example/1.jpg' }] },
  },
  {
    name: 'product update',
    write: (api, ids) =>
      api.products.update({ id: id(ids, 'product'), productData: productData(ids, 399) }),
    action: 'update',
    kind: 'product',
    item: 'product',
    label: 'Linen shirt',
    before: { price: 499 },
    after: { price: 399 },
  },
  {
    name: 'product event update',
    write: (api, ids) => api.products.updateEvents({ id: [id(ids, 'product')], event: 'Trending' }),
    action: 'update',
    kind: 'product',
    item: 'product',
    before: { events: 'None' },
    after: { events: 'Trending' },
  },
  {
    name: 'product import',
    write: (api, ids) => {
      const { productDetails } = productData(ids, 299, 'https://shop.example/p/2');
      return api.products.bulk({
        products: [{ ...productDetails, events: 'None', images: ['https://cdn.example/2.jpg'] }],
        onExisting: 'skip',
      });
    },
    action: 'import',
    kind: 'product',
    item: null,
    label: '1 row',
    after: { created: 1, updated: 0, skipped: 0, onExisting: 'skip' },
  },
  {
    name: 'policy edit',
    write: (api) =>
      api.policy.updatePolicy({ policy_title: 'Policy', policy_description: '<p>Ours</p>' }),
    action: 'update',
    kind: 'policy',
    item: null,
    label: 'Policy',
    before: { title: '', description: '' },
    after: { title: 'Policy', description: '<p>Ours</p>' },
  },
  {
    name: 'terms edit',
    write: (api) => api.policy.updateTerms({ terms_title: 'Terms', terms_description: 'Be fair' }),
    action: 'update',
    kind: 'terms',
    item: null,
    label: 'Terms',
    before: { title: '', description: '' },
    after: { title: 'Terms', description: 'Be fair' },
  },
  {
    name: 'ad unit add',
    write: (api) =>
      api.adUnits.add({ type: 'reward', a_name: 'r1', a_id: 'ca-app/1', a_description: 'd' }),
    action: 'create',
    kind: 'ad-unit',
    item: 'adUnit',
    creates: true,
    label: 'r1',
    after: { type: 'reward', a_name: 'r1', a_id: 'ca-app/1' },
  },
  {
    name: 'ad unit update',
    write: (api, ids) =>
      api.adUnits.update({
        type: 'reward',
        id: id(ids, 'adUnit'),
        a_id: 'ca-app/2',
        a_description: 'd',
      }),
    action: 'update',
    kind: 'ad-unit',
    item: 'adUnit',
    label: 'r1',
    before: { a_id: 'ca-app/1' },
    after: { a_id: 'ca-app/2' },
  },
  {
    name: 'web ad add',
    write: (api) =>
      api.webAds.add({ a_name: 'w1', a_id: 'https://ad.example', a_description: 'd' }),
    action: 'create',
    kind: 'web-ad',
    item: 'webAd',
    creates: true,
    label: 'w1',
    after: { type: 'web', a_id: 'https://ad.example' },
  },
  {
    name: 'web ad update',
    write: (api, ids) =>
      api.webAds.update({ id: id(ids, 'webAd'), a_id: 'https://ad.example/2', a_description: 'd' }),
    action: 'update',
    kind: 'web-ad',
    item: 'webAd',
    before: { a_id: 'https://ad.example' },
    after: { a_id: 'https://ad.example/2' },
  },
  {
    name: 'web ad counts clear',
    write: (api, ids) => api.webAds.clearCounts({ id: id(ids, 'webAd'), ...range }),
    action: 'clear',
    kind: 'web-ad',
    item: 'webAd',
    label: 'w1',
    after: range,
  },
  {
    name: 'analytics clear',
    write: (api, ids) => api.analytics.clearCounts({ id: id(ids, 'webAd'), ...range }),
    action: 'clear',
    kind: 'web-ad',
    item: 'webAd',
    after: range,
  },
  {
    name: 'in-house ad create',
    write: (api) =>
      api.inHouseAds.create({ ...inHouse, icon: sample('png'), image: sample('jpg') }),
    action: 'create',
    kind: 'in-house-ad',
    item: 'inHouse',
    creates: true,
    label: 'Festive sale',
    after: { mainTitle: 'Festive sale', status: 1 },
  },
  {
    name: 'in-house ad edit',
    write: (api, ids) =>
      api.inHouseAds.edit({
        ...inHouse,
        id: id(ids, 'inHouse'),
        subTitle: 'Today only',
        status: true,
      }),
    action: 'update',
    kind: 'in-house-ad',
    item: 'inHouse',
    before: { subTitle: 'Up to 70% off' },
    after: { subTitle: 'Today only' },
  },
  {
    name: 'in-house ad status',
    write: (api, ids) => api.inHouseAds.setStatus({ id: id(ids, 'inHouse'), status: false }),
    action: 'status',
    kind: 'in-house-ad',
    item: 'inHouse',
    before: { status: true },
    after: { status: false },
  },
  {
    name: 'analytics clear of listed ads',
    write: (api, ids) => api.analytics.clearAllCounts({ id: [id(ids, 'inHouse')], ...range }),
    action: 'clear',
    kind: 'in-house-ad',
    item: 'inHouse',
    label: 'Festive sale',
    after: range,
  },
  {
    name: 'notification send',
    write: (api) => api.notifications.send({ title: 'Sale', message: 'Half price', url: '' }),
    action: 'send',
    kind: 'notification',
    item: 'notification',
    creates: true,
    label: 'Sale',
    after: { n_title: 'Sale', n_message: 'Half price' },
  },
  {
    name: 'notification resend',
    write: (api) => api.notifications.resend({ title: 'Sale', message: 'Again', url: '' }),
    action: 'resend',
    kind: 'notification',
    item: 'resent',
    creates: true,
    label: 'Sale',
    after: { n_message: 'Again' },
  },
  {
    name: 'notification delete',
    write: (api, ids) =>
      api.notifications.remove({ id: [id(ids, 'notification'), id(ids, 'resent')] }),
    action: 'delete',
    kind: 'notification',
    item: 'resent',
    rows: 2,
    before: { n_title: 'Sale' },
  },
  {
    name: 'in-house ad delete',
    write: (api, ids) => api.inHouseAds.remove({ id: [id(ids, 'inHouse')] }),
    action: 'delete',
    kind: 'in-house-ad',
    item: 'inHouse',
    before: { subTitle: 'Today only' },
  },
  {
    name: 'web ad delete',
    write: (api, ids) => api.webAds.remove({ id: id(ids, 'webAd') }),
    action: 'delete',
    kind: 'web-ad',
    item: 'webAd',
    before: { a_id: 'https://ad.example/2' },
  },
  {
    name: 'product delete (two: one entry each)',
    write: async (api, ids) => {
      const imported = (await api.products.list({ limit: 10 })).data ?? [];
      const other = imported.find((product) => product._id !== id(ids, 'product'))?._id ?? '';
      return api.products.remove({ id: [other, id(ids, 'product')] });
    },
    action: 'delete',
    kind: 'product',
    item: null,
    rows: 2,
    before: { title: 'Linen shirt' },
  },
  {
    name: 'subcategory delete',
    write: (api, ids) => api.subcategories.remove({ id: id(ids, 'subcategory') }),
    action: 'delete',
    kind: 'subcategory',
    item: 'subcategory',
    label: 'Tees',
  },
  {
    name: 'category delete',
    write: (api, ids) => api.categories.remove({ id: id(ids, 'category') }),
    action: 'delete',
    kind: 'category',
    item: 'category',
    label: 'Men 2',
  },
  {
    name: 'shortcut delete',
    write: (api, ids) => api.shortcuts.remove({ id: [id(ids, 'shortcut')] }),
    action: 'delete',
    kind: 'shortcut',
    item: 'shortcut',
    before: { name: 'Brand 2' },
  },
  {
    name: 'story delete',
    write: (api, ids) => api.stories.remove({ id: [id(ids, 'story')] }),
    action: 'delete',
    kind: 'story',
    item: 'story',
  },
  {
    name: 'story ad delete',
    write: (api, ids) => api.storyAds.remove({ id: [id(ids, 'storyAd')] }),
    action: 'delete',
    kind: 'story-ad',
    item: 'storyAd',
  },
  {
    name: 'banner delete',
    write: (api, ids) => api.banners.remove({ id: [id(ids, 'banner')] }),
    action: 'delete',
    kind: 'banner',
    item: 'banner',
    label: 'Hero 2',
  },
];

describe.each(dialects)('the audit log on %s', (dialect) => {
  let database: TestDatabase;
  let server: TestServer;
  let api: ApiClient;
  let email: string;
  let token: string;
  const ids: Ids = {};

  /** A client of the server sending `agent` as its user agent (Node's own otherwise). */
  const clientAs = (bearer: string, agent?: string) =>
    createApiClient({
      baseUrl: server.baseUrl,
      apiKey: server.config.apiKey,
      secret: server.config.secret,
      token: () => bearer,
      ...(agent === undefined
        ? {}
        : {
            fetch: (input: string | URL | Request, init?: RequestInit) => {
              const headers = new Headers(init?.headers);
              headers.set('user-agent', agent);
              return fetch(input, { ...init, headers });
            },
          }),
    });

  const total = async () => (await api.audit.list({ limit: 1 })).totalRecord ?? -1;
  const newest = async (count = 1) => (await api.audit.list({ limit: count })).data ?? [];
  const detail = async (entryId: string) => (await api.audit.detail({ id: entryId })).data;

  beforeAll(async () => {
    database = await freshDatabase(dialect);
    server = await startTestServer(testConfig(database));
    const admin = await createTestAdmin(server);
    email = admin.a_email;
    token = await signIn(server, admin);
    api = clientAs(token, browser);
  });
  afterAll(async () => {
    await server.close();
    await database.drop();
  });

  for (const step of steps)
    it(`${step.name}: ${step.rows ?? 1} entry, ${step.action} ${step.kind}`, async () => {
      const before = await total();
      const answer = await step.write(api, ids);
      expect(answer, answer.message).toMatchObject({ status: true });
      const rows = step.rows ?? 1;
      expect(await total()).toBe(before + rows);
      const entries = await newest(rows);
      for (const entry of entries)
        expect(entry).toMatchObject({
          action: step.action,
          kind: step.kind,
          actor: email,
          admin_id: expect.stringMatching(/^[0-9a-f]{24}$/),
          token_name: null,
          client: 'web',
          address: '127.0.0.1',
        });
      const [entry] = entries;
      if (entry === undefined) throw new Error('no entry');
      if (step.creates === true && step.item !== null) ids[step.item] = entry.item_id ?? '';
      if (step.item !== null && rows === 1) expect(entry.item_id).toBe(ids[step.item]);
      if (step.item === null && rows === 1) expect(entry.item_id).toBeNull();
      if (step.label !== undefined) expect(entry.label).toBe(step.label);
      const shown = await detail(entry._id);
      expect(shown).toMatchObject(entry);
      // An update keeps exactly the fields it changed; a create or delete the item's fields.
      const exact = ['update', 'status', 'rollback', 'clear', 'import'].includes(step.action);
      for (const side of ['before', 'after'] as const) {
        const expected = step[side];
        if (expected === undefined) continue;
        if (exact) expect(shown?.[side]).toEqual(expected);
        else expect(shown?.[side]).toMatchObject(expected ?? {});
      }
      if (step.action === 'create') expect(shown?.before).toBeNull();
      if (step.action === 'delete') expect(shown?.after).toBeNull();
    });

  it('names the client: an API token (with its name), the CLI, anything else', async () => {
    const created = await api.admin.createToken({ name: 'nightly job' });
    const script = clientAs(created.token ?? '');
    const policy = { policy_title: 'By script', policy_description: 'Script text' };
    expect(await script.policy.updatePolicy(policy)).toMatchObject({ status: true });
    expect((await newest())[0]).toMatchObject({
      client: 'token',
      token_name: 'nightly job',
      actor: `${email}, API token nightly job`,
      kind: 'policy',
    });
    const cli = clientAs(token, 'dealdesk-cli/1.4.0 node/22');
    await cli.policy.updatePolicy({ ...policy, policy_title: 'By CLI' });
    expect((await newest())[0]).toMatchObject({ client: 'cli', token_name: null, actor: email });
    const plain = clientAs(token, 'curl/8.5.0');
    await plain.policy.updatePolicy({ ...policy, policy_title: 'By curl' });
    expect((await newest())[0]).toMatchObject({ client: 'other', label: 'By curl' });
  });

  it('writes no change when its entry cannot be written, and no entry of a change that failed', async () => {
    const { db } = server.app.dealdesk.context;
    await api.shortcuts.add({
      name: 'Kept',
      url: 'https://k.example',
      s_no: 9,
      image: sample('png'),
    });
    const [made] = await newest();
    const shortcutId = made?.item_id ?? '';
    const statusOf = async () =>
      (await api.shortcuts.list({ limit: 100 })).data?.find((item) => item._id === shortcutId)
        ?.status;
    const count = await total();
    // A fault in the entry's write: the log's table renamed away for the one call.
    await sql`ALTER TABLE audit_log RENAME TO audit_log_away`.execute(db);
    try {
      const failed = await api.shortcuts.setStatus({ _id: shortcutId, status: false });
      expect(failed).toMatchObject({ status: false, httpStatus: 500 });
    } finally {
      await sql`ALTER TABLE audit_log_away RENAME TO audit_log`.execute(db);
    }
    expect(await statusOf()).toBe(true);
    expect(await total()).toBe(count);

    // A fault after the entry: a product's delete writes its entry, then fails counting it out
    // of its subcategory (that table renamed away): neither the delete nor the entry stays.
    await api.categories.add({ name: 'Faults', image: png(), bg_image: png() });
    const category = (await newest())[0]?.item_id ?? '';
    await api.subcategories.add({ name: 'Faulty', categoryId: category, image: png() });
    const subcategory = (await newest())[0]?.item_id ?? '';
    const data = productData({ category, subcategory }, 100, 'https://shop.example/p/3');
    await api.products.create({ productData: data, imageUrls: ['https://cdn.example/3.jpg'] });
    const product = (await newest())[0]?.item_id ?? '';
    const before = await total();
    await sql`ALTER TABLE subcategories RENAME TO subcategories_away`.execute(db);
    try {
      const failed = await api.products.remove({ id: [product] });
      expect(failed).toMatchObject({ status: false, httpStatus: 500 });
    } finally {
      await sql`ALTER TABLE subcategories_away RENAME TO subcategories`.execute(db);
    }
    expect(await total()).toBe(before);
    expect((await api.products.get({ id: product })).status).toBe(true);
  });

  it('filters by kind, action, item, administrator and business days, newest first, in pages', async () => {
    const byItem = await api.audit.list({ kind: 'shortcut', item: ids['shortcut'] });
    expect(byItem.data?.map((entry) => entry.action)).toEqual([
      'delete',
      'status',
      'update',
      'create',
    ]);
    const banners = await api.audit.list({ kind: 'banner' });
    expect(banners.totalRecord).toBe(4);
    expect(banners.data?.every((entry) => entry.kind === 'banner')).toBe(true);
    const statuses = await api.audit.list({ action: 'status', kind: 'story' });
    expect(statuses.data?.map((entry) => entry.item_id)).toEqual([ids['story']]);

    const everything = await api.audit.list({ limit: 1000 });
    const all = everything.data ?? [];
    expect(all.length).toBe(everything.totalRecord);
    const times = all.map((entry) => entry.at);
    expect(times).toEqual([...times].sort().reverse());
    const page = await api.audit.list({ limit: 2, page: 3 });
    expect(page.data?.map((entry) => entry._id)).toEqual(all.slice(4, 6).map((e) => e._id));

    const adminId = all.find((entry) => entry.actor === email)?.admin_id ?? '';
    const mine = await api.audit.list({ admin: adminId, limit: 1000 });
    expect(mine.data?.every((entry) => entry.admin_id === adminId)).toBe(true);
    const other = await createTestAdmin(server);
    const otherApi = clientAs(await signIn(server, other), browser);
    await otherApi.policy.updateTerms({ terms_title: 'Other', terms_description: 'x' });
    const theirs = await api.audit.list({ admin: (await newest())[0]?.admin_id ?? '' });
    expect(theirs.data?.map((entry) => entry.actor)).toContain(other.a_email);
    expect(theirs.data?.some((entry) => entry.actor === email)).toBe(false);

    const today = businessDay(server.clock.now(), server.config.timeZone);
    const yesterday = businessDay(server.clock.now().getTime() - 86_400_000, 'Asia/Kolkata');
    expect((await api.audit.list({ from: today, to: today })).totalRecord).toBe(
      (await api.audit.list({})).totalRecord,
    );
    expect((await api.audit.list({ to: yesterday })).totalRecord).toBe(0);
  });

  it('refuses bad filters (400) and answers 404 for an unknown entry', async () => {
    expect(await api.audit.list({ from: '2026-02-01', to: '2026-01-01' })).toMatchObject({
      status: false,
      httpStatus: 400,
      message: 'The start date must be on or before the end date',
    });
    const unknownKind = await api.audit.list({ kind: 'planet' as AuditKind });
    expect(unknownKind).toMatchObject({ status: false, httpStatus: 400, message: 'Unknown kind' });
    expect((await api.audit.list({ admin: 'nope' })).httpStatus).toBe(400);
    expect(await api.audit.detail({ id: newId() })).toMatchObject({
      status: false,
      httpStatus: 404,
      message: 'Audit entry not found',
    });
  });

  it('exports the entries the filters keep as CSV (formulas neutralised) and JSON Lines', async () => {
    const formula = '=HYPERLINK("http://evil.example","x")';
    await api.shortcuts.add({
      name: formula,
      url: 'https://f.example',
      s_no: 12,
      image: sample('png'),
    });
    const file = await api.audit.export({ kind: 'shortcut' });
    if (file.response === undefined) throw new Error(file.message);
    expect(file.response.headers.get('content-disposition')).toMatch(
      /^attachment; filename="audit-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    const [header, ...records] = readCsvRecords(await file.response.text());
    expect(header?.fields).toEqual(rowColumns(endpoints.audit.export));
    const labelAt = header?.fields.indexOf('label') ?? -1;
    expect(records[0]?.fields[labelAt]).toBe(`'${formula}`);
    const shortcuts = (await api.audit.list({ kind: 'shortcut' })).totalRecord;
    expect(records).toHaveLength(shortcuts ?? -1);

    const lines = await api.audit.export({ kind: 'shortcut', action: 'update', format: 'jsonl' });
    const text = (await lines.response?.text()) ?? '';
    const rows = text
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as AuditEntryDetail);
    expect(rows.map((row) => row.item_id)).toEqual([ids['shortcut']]);
    expect(rows[0]).toMatchObject({ before: { name: 'Brand' }, after: { name: 'Brand 2' } });
  });

  it('prunes entries older than the retention, in batches, and keeps the newer ones', async () => {
    const { db, clock } = server.app.dealdesk.context;
    const day = 86_400_000;
    const kept = await total();
    // 2,500 entries of 400 days ago, written straight in (more than two prune batches).
    const old = new Date(clock().getTime() - 400 * day);
    const rows = Array.from({ length: 2_500 }, () => ({
      id: newId(old),
      at: old.toISOString(),
      admin_id: null,
      token_id: null,
      token_name: null,
      actor: 'server console',
      client: 'console' as const,
      address: 'localhost',
      action: 'update' as const,
      kind: 'policy' as const,
      item_id: null,
      label: '',
      before: null,
      after: null,
    }));
    for (let at = 0; at < rows.length; at += 500)
      await db
        .insertInto('audit_log')
        .values(rows.slice(at, at + 500))
        .execute();
    const trail = auditTrail(server.app.dealdesk.context);
    expect(await trail.prune()).toBe(2_500);
    expect(await total()).toBe(kept);
    // A year and a day on, the entries of today go too.
    server.clock.advance(366 * day);
    expect(await trail.prune()).toBe(kept);
    const left = await db
      .selectFrom('audit_log')
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(left.n)).toBe(0);
  });
});
