// Every endpoint, run through the client against a real HTTP server: method, exact path
// (the spec's typos included), query, bearer or not, and the body as the server receives it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { UploadFile } from '../client/command.js';
import type { ApiClient } from './index.js';
import {
  defaultReply,
  envelopeBody,
  formBody,
  jsonBody,
  startTestServer,
  type ReceivedFile,
  type TestServer,
} from '../client/test-server.js';

let server: TestServer;
let api: ApiClient;
beforeAll(async () => {
  server = await startTestServer();
  api = server.client({ token: 'session-token' });
});
afterAll(() => server.close());

const id = '0123456789abcdef01234567';
const other = '76543210fedcba9876543210';
const range = { startDate: '2026-01-01', endDate: '2026-01-31' };

const upload = (name: string, type: string, text: string): UploadFile => ({
  name,
  type,
  data: new TextEncoder().encode(text),
});
const image = upload('photo.png', 'image/png', 'png');
const video = upload('clip.mp4', 'video/mp4', 'mp4');
const received = (file: UploadFile): ReceivedFile => ({
  name: file.name,
  type: file.type,
  text: new TextDecoder().decode(file.data as Uint8Array),
});

type Body =
  { envelope: unknown } | { json: unknown } | { form: Record<string, (string | ReceivedFile)[]> };

interface Expected {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  path: string;
  query?: [string, string][];
  /** Whether the call carries the bearer token (the client has one set). */
  bearer?: boolean;
  body?: Body;
}

const storyInsert = {
  storyTime: 5,
  adsStory: false,
  NTV_ID: '',
  btnName: 'Shop',
  btnUrl: 'https://shop.example/s',
  maxviewLimit: 100,
  maxviewStatus: true,
  maxclickLimit: 0,
  maxclickStatus: false,
};
const storyAdEdit = {
  ...storyInsert,
  adsStory: true,
  NTV: true,
  NTV_ID: 'ca-app-pub-1/2',
  status: true,
  view: 7,
  clickBtnCount: 2,
};
const productData = {
  productDetails: {
    title: 'Shirt',
    price: 499,
    og_price: 999,
    og_url: 'https://shop.example/p/1',
    category: id,
    subcategory: other,
    rating: '4.2',
    ratingsAndReviews: '10 Ratings, 2 Reviews',
    deliveryInfo: 'Free delivery',
    availableSizes: ['M' as const, 'L' as const],
    specifications: { Fabric: 'Cotton', sizeDetails: { M: '38' } },
  },
  events: 'Trending' as const,
  btn_url: '',
};
const inHouseFields = {
  mainTitle: 'Big sale',
  subTitle: 'Today only',
  description: 'Everything half price',
  callToAction: 'https://shop.example/sale',
  btnName: 'Open',
  ad_type: 'FS' as const,
  medType: 'video' as const,
  maxviewLimit: 0,
  maxviewStatus: false,
  maxclickLimit: 50,
  maxclickStatus: true,
};
const inHouseForm = {
  mainTitle: ['Big sale'],
  subTitle: ['Today only'],
  description: ['Everything half price'],
  callToAction: ['https://shop.example/sale'],
  btnName: ['Open'],
  ad_type: ['FS'],
  medType: ['video'],
  maxviewLimit: ['0'],
  maxviewStatus: ['false'],
  maxclickLimit: ['50'],
  maxclickStatus: ['true'],
  icon: [received(image)],
  video: [received(video)],
};

const calls: [string, (api: ApiClient) => Promise<unknown>, Expected][] = [
  // admin
  [
    'admin.login',
    (a) => a.admin.login({ a_id: 'admin', a_password: 'pw' }),
    {
      method: 'POST',
      path: '/api/admin/login',
      bearer: false,
      body: { envelope: { a_id: 'admin', a_password: 'pw' } },
    },
  ],
  [
    'admin.loginOtp',
    (a) => a.admin.loginOtp({ otp: '123456' }),
    { method: 'POST', path: '/api/admin/login/otp', body: { envelope: { otp: '123456' } } },
  ],
  [
    'admin.authorization',
    (a) => a.admin.authorization(),
    { method: 'GET', path: '/api/admin/Authorization' },
  ],
  ['admin.adminData', (a) => a.admin.adminData(), { method: 'GET', path: '/api/admin/AdminData' }],
  [
    'admin.updateProfile',
    (a) =>
      a.admin.updateProfile({
        a_name: 'Asha',
        a_state: 'Goa',
        a_city: 'Panaji',
        a_phone: '9876543210',
        a_address: 'Main road',
      }),
    {
      method: 'PUT',
      path: '/api/admin/Profile/Update',
      body: {
        envelope: {
          a_name: 'Asha',
          a_state: 'Goa',
          a_city: 'Panaji',
          a_phone: '9876543210',
          a_address: 'Main road',
        },
      },
    },
  ],
  [
    'admin.forgetPassword',
    (a) => a.admin.forgetPassword({ a_email: 'a@example.test' }),
    {
      method: 'POST',
      path: '/api/admin/ForgetPw',
      bearer: false,
      body: { envelope: { a_email: 'a@example.test' } },
    },
  ],
  [
    'admin.forgetPasswordOtp',
    (a) => a.admin.forgetPasswordOtp({ otp: '654321' }),
    { method: 'POST', path: '/api/admin/ForgetPwOtp', body: { envelope: { otp: '654321' } } },
  ],
  [
    'admin.newPassword',
    (a) => a.admin.newPassword({ password: 'secret-1' }),
    {
      method: 'POST',
      path: '/api/admin/NewPassword',
      body: { envelope: { password: 'secret-1' } },
    },
  ],
  ['admin.logout', (a) => a.admin.logout(), { method: 'POST', path: '/api/admin/Logout' }],
  ['admin.listTokens', (a) => a.admin.listTokens(), { method: 'GET', path: '/api/admin/tokens' }],
  [
    'admin.listAllTokens',
    (a) => a.admin.listAllTokens(),
    { method: 'GET', path: '/api/admin/tokens/all' },
  ],
  [
    'admin.createToken',
    (a) => a.admin.createToken({ name: 'cron', expiresInDays: 30 }),
    {
      method: 'POST',
      path: '/api/admin/tokens',
      body: { envelope: { name: 'cron', expiresInDays: 30 } },
    },
  ],
  [
    'admin.revokeToken',
    (a) => a.admin.revokeToken({ id }),
    { method: 'DELETE', path: `/api/admin/tokens/${id}` },
  ],
  [
    'admin.listAdministrators',
    (a) => a.admin.listAdministrators(),
    { method: 'GET', path: '/api/admin/administrators' },
  ],
  [
    'admin.inviteAdministrator',
    (a) => a.admin.inviteAdministrator({ a_email: 'new@example.test' }),
    {
      method: 'POST',
      path: '/api/admin/administrators/invitations',
      body: { envelope: { a_email: 'new@example.test' } },
    },
  ],
  [
    'admin.cancelInvitation',
    (a) => a.admin.cancelInvitation({ id }),
    { method: 'DELETE', path: `/api/admin/administrators/invitations/${id}` },
  ],
  [
    'admin.acceptInvitation',
    (a) =>
      a.admin.acceptInvitation({
        token: 'tok',
        code: '123456',
        a_id: 'asha',
        password: 'secret-1',
      }),
    {
      method: 'POST',
      path: '/api/admin/invitation/accept',
      bearer: false,
      body: { envelope: { token: 'tok', code: '123456', a_id: 'asha', password: 'secret-1' } },
    },
  ],
  [
    'admin.disableAdministrator',
    (a) => a.admin.disableAdministrator({ id }),
    { method: 'POST', path: `/api/admin/administrators/${id}/disable` },
  ],
  [
    'admin.enableAdministrator',
    (a) => a.admin.enableAdministrator({ id }),
    { method: 'POST', path: `/api/admin/administrators/${id}/enable` },
  ],
  [
    'admin.changeAdministratorRole',
    (a) => a.admin.changeAdministratorRole({ id, role: 'viewer' }),
    {
      method: 'PUT',
      path: `/api/admin/administrators/${id}/role`,
      body: { envelope: { role: 'viewer' } },
    },
  ],
  [
    'admin.listSessions',
    (a) => a.admin.listSessions(),
    { method: 'GET', path: '/api/admin/sessions' },
  ],
  [
    'admin.revokeSession',
    (a) => a.admin.revokeSession({ id }),
    { method: 'DELETE', path: `/api/admin/sessions/${id}` },
  ],
  [
    'admin.revokeOtherSessions',
    (a) => a.admin.revokeOtherSessions(),
    { method: 'POST', path: '/api/admin/sessions/end-others' },
  ],
  [
    'admin.authenticatorStatus',
    (a) => a.admin.authenticatorStatus(),
    { method: 'GET', path: '/api/admin/authenticator' },
  ],
  [
    'admin.authenticatorSetup',
    (a) => a.admin.authenticatorSetup({ code: '123456' }),
    {
      method: 'POST',
      path: '/api/admin/authenticator/setup',
      body: { envelope: { code: '123456' } },
    },
  ],
  [
    'admin.authenticatorConfirm',
    (a) => a.admin.authenticatorConfirm({ code: '123456' }),
    {
      method: 'POST',
      path: '/api/admin/authenticator/confirm',
      body: { envelope: { code: '123456' } },
    },
  ],
  [
    'admin.authenticatorOff',
    (a) => a.admin.authenticatorOff({ code: 'abcde-fghjk' }),
    {
      method: 'POST',
      path: '/api/admin/authenticator/off',
      body: { envelope: { code: 'abcde-fghjk' } },
    },
  ],
  [
    'admin.authenticatorRecoveryCodes',
    (a) => a.admin.authenticatorRecoveryCodes({ code: '123456' }),
    {
      method: 'POST',
      path: '/api/admin/authenticator/recovery-codes',
      body: { envelope: { code: '123456' } },
    },
  ],
  // dashboard and system
  [
    'dashboard.viewsDashboard',
    (a) => a.dashboard.viewsDashboard({ id, ...range }),
    {
      method: 'GET',
      path: `/api/admin/view/dashbord/${id}`,
      query: [
        ['startDate', '2026-01-01'],
        ['endDate', '2026-01-31'],
      ],
    },
  ],
  [
    'system.serverLoad',
    (a) => a.system.serverLoad(),
    { method: 'GET', path: '/api/App/server/load/check' },
  ],
  // shortcuts
  [
    'shortcuts.list',
    (a) => a.shortcuts.list({ page: 1, limit: 100, q: '' }),
    {
      method: 'GET',
      path: '/api/sortcut',
      query: [
        ['page', '1'],
        ['limit', '100'],
        ['q', ''],
      ],
    },
  ],
  [
    'shortcuts.add',
    (a) => a.shortcuts.add({ name: 'Brand', url: 'https://b.example', s_no: 4, image }),
    {
      method: 'POST',
      path: '/api/sortcut',
      body: {
        form: {
          name: ['Brand'],
          url: ['https://b.example'],
          s_no: ['4'],
          image: [received(image)],
        },
      },
    },
  ],
  [
    'shortcuts.edit',
    (a) =>
      a.shortcuts.edit({
        _id: id,
        name: 'Brand',
        url: 'https://b.example',
        s_no: 2,
        clickCount: 9,
      }),
    {
      method: 'PUT',
      path: '/api/sortcut',
      body: {
        form: {
          _id: [id],
          name: ['Brand'],
          url: ['https://b.example'],
          s_no: ['2'],
          clickCount: ['9'],
        },
      },
    },
  ],
  [
    'shortcuts.remove',
    (a) => a.shortcuts.remove({ id: [id, other] }),
    { method: 'DELETE', path: '/api/sortcut', body: { envelope: { id: [id, other] } } },
  ],
  [
    'shortcuts.setStatus',
    (a) => a.shortcuts.setStatus({ _id: id, status: false }),
    {
      method: 'PUT',
      path: '/api/sortcut/status',
      body: { envelope: { _id: id, status: false } },
    },
  ],
  // stories
  [
    'stories.list',
    (a) => a.stories.list({ page: 1, limit: 200 }),
    {
      method: 'GET',
      path: '/api/App/all/only/story/video',
      query: [
        ['page', '1'],
        ['limit', '200'],
      ],
    },
  ],
  [
    'stories.find',
    (a) => a.stories.find({ id }),
    { method: 'GET', path: '/api/App/story/video/find', query: [['id', id]] },
  ],
  [
    'stories.add',
    (a) => a.stories.add({ insertData: storyInsert, video }),
    {
      method: 'POST',
      path: '/api/App/Add/Story/Video',
      body: { form: { video: [received(video)], insertData: [JSON.stringify(storyInsert)] } },
    },
  ],
  [
    'stories.edit',
    (a) => a.stories.edit({ _id: id, insertData: { ...storyInsert, status: true }, image }),
    {
      method: 'PUT',
      path: '/api/App/Edit/story/video',
      body: {
        form: {
          _id: [id],
          image: [received(image)],
          insertData: [JSON.stringify({ ...storyInsert, status: true })],
        },
      },
    },
  ],
  [
    'stories.remove',
    (a) => a.stories.remove({ id: [id] }),
    { method: 'DELETE', path: '/api/App/delete/story/video', body: { envelope: { id: [id] } } },
  ],
  [
    'stories.setStatus',
    (a) => a.stories.setStatus({ _id: id, status: true }),
    {
      method: 'PUT',
      path: '/api/App/story/video/status',
      body: { json: { _id: id, status: true } },
    },
  ],
  // story ads
  [
    'storyAds.list',
    (a) => a.storyAds.list({ page: 1, limit: 200 }),
    {
      method: 'GET',
      path: '/api/App/all/only/story/ads',
      query: [
        ['page', '1'],
        ['limit', '200'],
      ],
    },
  ],
  [
    'storyAds.find',
    (a) => a.storyAds.find({ id }),
    { method: 'GET', path: '/api/App/story/ads/find', query: [['id', id]] },
  ],
  [
    'storyAds.add',
    (a) => a.storyAds.add({ insertData: { ...storyInsert, adsStory: true }, image }),
    {
      method: 'POST',
      path: '/api/App/Add/Story/Ads',
      body: {
        form: {
          image: [received(image)],
          insertData: [JSON.stringify({ ...storyInsert, adsStory: true })],
        },
      },
    },
  ],
  [
    'storyAds.edit (the story video edit call)',
    (a) => a.storyAds.edit({ _id: id, insertData: storyAdEdit }),
    {
      method: 'PUT',
      path: '/api/App/Edit/story/video',
      body: { form: { _id: [id], insertData: [JSON.stringify(storyAdEdit)] } },
    },
  ],
  [
    'storyAds.remove',
    (a) => a.storyAds.remove({ id: [id] }),
    { method: 'DELETE', path: '/api/App/delete/story/ads', body: { envelope: { id: [id] } } },
  ],
  [
    'storyAds.setStatus',
    (a) => a.storyAds.setStatus({ _id: id, status: false }),
    {
      method: 'PUT',
      path: '/api/App/story/ads/status',
      body: { json: { _id: id, status: false } },
    },
  ],
  // banners
  ['banners.list', (a) => a.banners.list(), { method: 'GET', path: '/api/App/all/banner/b1' }],
  [
    'banners.add',
    (a) => a.banners.add({ insertData: { name: 'Hero', url: 'https://h.example' }, image }),
    {
      method: 'POST',
      path: '/api/App/add/banner/b1',
      body: {
        form: {
          image: [received(image)],
          insertData: ['{"name":"Hero","url":"https://h.example"}'],
        },
      },
    },
  ],
  [
    'banners.find',
    (a) => a.banners.find({ id }),
    { method: 'GET', path: '/api/App/find/banner/b1', query: [['id', id]] },
  ],
  [
    'banners.edit',
    (a) => a.banners.edit({ _id: id, insertData: { name: 'Hero', url: '', clickCount: 3 }, video }),
    {
      method: 'PUT',
      path: '/api/App/edit/banner/b1',
      body: {
        form: {
          _id: [id],
          video: [received(video)],
          insertData: ['{"name":"Hero","url":"","clickCount":3}'],
        },
      },
    },
  ],
  [
    'banners.setStatus',
    (a) => a.banners.setStatus({ id, status: true }),
    {
      method: 'PUT',
      path: '/api/App/status/edit/banner/b1',
      body: { envelope: { id, status: true } },
    },
  ],
  [
    'banners.remove',
    (a) => a.banners.remove({ id: [id] }),
    { method: 'DELETE', path: '/api/App/delete/banner/b1', body: { envelope: { id: [id] } } },
  ],
  // controller
  [
    'controller.get',
    (a) => a.controller.get(),
    { method: 'GET', path: '/api/App/controller/admin' },
  ],
  [
    'controller.setSwitch',
    (a) => a.controller.setSwitch({ name: 'banner', status: true }),
    {
      method: 'PUT',
      path: '/api/App/controller/admin/status/change',
      body: { envelope: { name: 'banner', status: true } },
    },
  ],
  [
    'controller.setPosition',
    (a) => a.controller.setPosition({ name: 'ntvTiming', value: 4 }),
    {
      method: 'PUT',
      path: '/api/App/controller/admin/position/change',
      body: { envelope: { name: 'ntvTiming', value: 4 } },
    },
  ],
  [
    'controller.setPlacement',
    (a) => a.controller.setPlacement({ field: 'homeToCategory', name: 'INHOUSE_FS' }),
    {
      method: 'PUT',
      path: '/api/App/controller/admin/afterIntro/change',
      body: { envelope: { field: 'homeToCategory', name: 'INHOUSE_FS' } },
    },
  ],
  [
    'controller.setAfterSplash',
    (a) => a.controller.setAfterSplash({ name: 'OPEN' }),
    {
      method: 'PUT',
      path: '/api/App/controller/admin/afterSplace/change',
      body: { envelope: { name: 'OPEN' } },
    },
  ],
  [
    'controller.setIntentControl',
    (a) => a.controller.setIntentControl({ intentControl: 'FORWORD' }),
    {
      method: 'PUT',
      path: '/api/App/controller/admin/intent/change',
      body: { envelope: { intentControl: 'FORWORD' } },
    },
  ],
  [
    'controller.setFacebook',
    (a) => a.controller.setFacebook({ facebook_app_id: '1', facebook_client_token: 't' }),
    {
      method: 'PUT',
      path: '/api/App/controller/admin/facebook/change',
      body: { envelope: { facebook_app_id: '1', facebook_client_token: 't' } },
    },
  ],
  [
    'controller.setInstallNew',
    (a) => a.controller.setInstallNew({ btn_url: 'https://play.example/app' }),
    {
      method: 'PUT',
      path: '/api/App/controller/install/new',
      body: { envelope: { btn_url: 'https://play.example/app' } },
    },
  ],
  [
    'controller.versions',
    (a) => a.controller.versions({ page: 2, limit: 20 }),
    {
      method: 'GET',
      path: '/api/App/controller/admin/versions',
      query: [
        ['page', '2'],
        ['limit', '20'],
      ],
    },
  ],
  [
    'controller.version',
    (a) => a.controller.version({ version: 12 }),
    { method: 'GET', path: '/api/App/controller/admin/versions/12' },
  ],
  [
    'controller.rollback',
    (a) => a.controller.rollback({ version: 12 }),
    { method: 'PUT', path: '/api/App/controller/admin/versions/12/rollback' },
  ],
  // tracking (app-facing)
  [
    'tracking.track',
    (a) => a.tracking.track({ events: [{ kind: 'banner', id, event: 'click' }] }),
    {
      method: 'POST',
      path: '/api/App/track',
      bearer: false,
      body: { envelope: { events: [{ kind: 'banner', id, event: 'click' }] } },
    },
  ],
  // the content API (app-facing)
  ['app.home', (a) => a.app.home(), { method: 'GET', path: '/api/v1/app/home', bearer: false }],
  [
    'app.categories',
    (a) => a.app.categories(),
    { method: 'GET', path: '/api/v1/app/categories', bearer: false },
  ],
  [
    'app.products',
    (a) => a.app.products({ event: 'Trending', q: 'lamp', cursor: id, limit: 20 }),
    {
      method: 'GET',
      path: '/api/v1/app/products',
      query: [
        ['event', 'Trending'],
        ['q', 'lamp'],
        ['cursor', id],
        ['limit', '20'],
      ],
      bearer: false,
    },
  ],
  [
    'app.product',
    (a) => a.app.product({ id }),
    { method: 'GET', path: `/api/v1/app/products/${id}`, bearer: false },
  ],
  [
    'app.privacy',
    (a) => a.app.privacy(),
    { method: 'GET', path: '/api/v1/app/policy/privacy', bearer: false },
  ],
  [
    'app.terms',
    (a) => a.app.terms(),
    { method: 'GET', path: '/api/v1/app/policy/terms', bearer: false },
  ],
  // products
  [
    'products.scrape',
    (a) => a.products.scrape({ url: 'https://shop.example/p/1' }),
    {
      method: 'POST',
      path: '/api/App/product/scraping',
      body: { envelope: { url: 'https://shop.example/p/1' } },
    },
  ],
  [
    'products.create',
    (a) =>
      a.products.create({
        productData,
        images: [image, upload('second.gif', 'image/gif', 'gif')],
        imageUrls: ['https://cdn.example/1.png'],
      }),
    {
      method: 'POST',
      path: '/api/App/product',
      body: {
        form: {
          images: [received(image), { name: 'second.gif', type: 'image/gif', text: 'gif' }],
          productData: [JSON.stringify(productData)],
          imageUrls: ['["https://cdn.example/1.png"]'],
        },
      },
    },
  ],
  [
    'products.bulk',
    (a) =>
      a.products.bulk({
        products: [
          {
            ...productData.productDetails,
            events: 'Trending',
            images: ['https://cdn.example/1.png'],
          },
        ],
        onExisting: 'update',
      }),
    {
      method: 'POST',
      path: '/api/App/product/bulk',
      body: {
        envelope: {
          products: [
            {
              ...productData.productDetails,
              events: 'Trending',
              images: ['https://cdn.example/1.png'],
            },
          ],
          onExisting: 'update',
        },
      },
    },
  ],
  [
    'products.update',
    (a) => a.products.update({ id, productData }),
    { method: 'PUT', path: '/api/App/product', body: { envelope: { id, productData } } },
  ],
  [
    'products.get',
    (a) => a.products.get({ id }),
    { method: 'GET', path: '/api/App/product', query: [['id', id]] },
  ],
  [
    'products.export',
    (a) =>
      a.products.export({
        q: 'shirt',
        categories: [id],
        events: ['Trending'],
        sort: 'price',
        order: 'asc',
        format: 'jsonl',
      }),
    {
      method: 'GET',
      path: '/api/App/product/export',
      query: [
        ['q', 'shirt'],
        ['categories', id],
        ['events', 'Trending'],
        ['sort', 'price'],
        ['order', 'asc'],
        ['format', 'jsonl'],
      ],
    },
  ],
  [
    'products.list',
    (a) =>
      a.products.list({
        page: 2,
        limit: 50,
        q: 'shirt',
        categories: [id, other],
        subCategories: '',
        events: ['Trending', 'Best Deals'],
      }),
    {
      method: 'GET',
      path: '/api/App/product',
      query: [
        ['page', '2'],
        ['limit', '50'],
        ['q', 'shirt'],
        ['categories', id],
        ['categories', other],
        ['subCategories', ''],
        ['events', 'Trending'],
        ['events', 'Best Deals'],
      ],
    },
  ],
  [
    'products.remove',
    (a) => a.products.remove({ id: [id] }),
    { method: 'DELETE', path: '/api/App/product', body: { envelope: { id: [id] } } },
  ],
  [
    'products.updateEvents',
    (a) => a.products.updateEvents({ id: [id, other], event: 'New Launch' }),
    {
      method: 'PUT',
      path: '/api/App/product/update/events',
      body: { envelope: { id: [id, other], event: 'New Launch' } },
    },
  ],
  // categories and subcategories
  [
    'categories.list',
    (a) => a.categories.list(),
    { method: 'GET', path: '/api/App/product/category' },
  ],
  [
    'categories.add',
    (a) => a.categories.add({ name: 'Men', image, bg_image: upload('bg.jpg', 'image/jpeg', 'bg') }),
    {
      method: 'POST',
      path: '/api/App/product/category',
      body: {
        form: {
          name: ['Men'],
          image: [received(image)],
          bg_image: [{ name: 'bg.jpg', type: 'image/jpeg', text: 'bg' }],
        },
      },
    },
  ],
  [
    'categories.edit',
    (a) => a.categories.edit({ id, name: 'Women' }),
    {
      method: 'PUT',
      path: '/api/App/product/category',
      body: { form: { id: [id], name: ['Women'] } },
    },
  ],
  [
    'categories.remove',
    (a) => a.categories.remove({ id }),
    { method: 'DELETE', path: `/api/App/product/category/${id}` },
  ],
  [
    'subcategories.list',
    (a) => a.subcategories.list(),
    { method: 'GET', path: '/api/App/product/subcategory' },
  ],
  [
    'subcategories.add',
    (a) => a.subcategories.add({ name: 'Shirts', categoryId: id, image }),
    {
      method: 'POST',
      path: '/api/App/product/subcategory',
      body: { form: { name: ['Shirts'], categoryId: [id], image: [received(image)] } },
    },
  ],
  [
    'subcategories.edit',
    (a) => a.subcategories.edit({ id: other, name: 'Tees', categoryId: id }),
    {
      method: 'PUT',
      path: '/api/App/product/subcategory',
      body: { form: { id: [other], name: ['Tees'], categoryId: [id] } },
    },
  ],
  [
    'subcategories.remove',
    (a) => a.subcategories.remove({ id }),
    { method: 'DELETE', path: `/api/App/product/subcategory/${id}` },
  ],
  [
    'subcategories.byCategory',
    (a) => a.subcategories.byCategory({ id }),
    { method: 'GET', path: `/api/App/product/subcategory/by-category/${id}` },
  ],
  // policy and terms
  [
    'policy.getPolicy',
    (a) => a.policy.getPolicy(),
    { method: 'GET', path: '/api/App/policy/admin/get' },
  ],
  [
    'policy.updatePolicy',
    (a) => a.policy.updatePolicy({ policy_title: 'P', policy_description: '<p>d</p>' }),
    {
      method: 'PUT',
      path: '/api/App/policy/admin/update',
      body: { envelope: { policy_title: 'P', policy_description: '<p>d</p>' } },
    },
  ],
  [
    'policy.getTerms',
    (a) => a.policy.getTerms(),
    { method: 'GET', path: '/api/App/terms/admin/get' },
  ],
  [
    'policy.updateTerms',
    (a) => a.policy.updateTerms({ terms_title: 'T', terms_description: 'd' }),
    {
      method: 'PUT',
      path: '/api/App/terms/admin/update',
      body: { envelope: { terms_title: 'T', terms_description: 'd' } },
    },
  ],
  // ad units and web ads
  [
    'adUnits.list',
    (a) => a.adUnits.list({ type: 'fullScreen' }),
    { method: 'GET', path: '/api/App/ads/fullScreen/admin/get' },
  ],
  [
    'adUnits.add',
    (a) => a.adUnits.add({ type: 'reward', a_name: 'r1', a_id: 'ca-app/1', a_description: 'd' }),
    {
      method: 'POST',
      path: '/api/App/ads/reward/add',
      body: { envelope: { a_name: 'r1', a_id: 'ca-app/1', a_description: 'd' } },
    },
  ],
  [
    'adUnits.update',
    (a) => a.adUnits.update({ type: 'native', id, a_id: 'ca-app/2', a_description: 'e' }),
    {
      method: 'PUT',
      path: `/api/App/ads/native/update/${id}`,
      body: { envelope: { a_id: 'ca-app/2', a_description: 'e' } },
    },
  ],
  [
    'webAds.list',
    (a) => a.webAds.list(range),
    {
      method: 'GET',
      path: '/api/App/ads/webads/admin/get',
      query: [
        ['startDate', '2026-01-01'],
        ['endDate', '2026-01-31'],
      ],
    },
  ],
  [
    'webAds.add',
    (a) => a.webAds.add({ a_name: 'w', a_id: 'https://ad.example', a_description: 'd' }),
    {
      method: 'POST',
      path: '/api/App/ads/webads/add',
      body: { envelope: { a_name: 'w', a_id: 'https://ad.example', a_description: 'd' } },
    },
  ],
  [
    'webAds.update',
    (a) => a.webAds.update({ id, a_id: 'https://ad.example/2', a_description: 'e' }),
    {
      method: 'PUT',
      path: `/api/App/ads/webads/update/${id}`,
      body: { envelope: { a_id: 'https://ad.example/2', a_description: 'e' } },
    },
  ],
  [
    'webAds.remove',
    (a) => a.webAds.remove({ id }),
    { method: 'DELETE', path: `/api/App/ads/webads/delete/${id}` },
  ],
  [
    'webAds.clearCounts',
    (a) => a.webAds.clearCounts({ id, ...range }),
    {
      method: 'DELETE',
      path: `/api/App/ads/webads/count/remove/${id}`,
      query: [
        ['startDate', '2026-01-01'],
        ['endDate', '2026-01-31'],
      ],
    },
  ],
  [
    'webAds.clearAllCounts',
    (a) => a.webAds.clearAllCounts({ id: [id, other], ...range }),
    {
      method: 'DELETE',
      path: '/api/App/ads/webads/count/all/remove',
      query: [
        ['startDate', '2026-01-01'],
        ['endDate', '2026-01-31'],
      ],
      body: { envelope: { id: [id, other] } },
    },
  ],
  // analytics
  [
    'analytics.get',
    (a) => a.analytics.get(range),
    {
      method: 'GET',
      path: '/api/App/analytics/admin/get',
      query: [
        ['startDate', '2026-01-01'],
        ['endDate', '2026-01-31'],
      ],
    },
  ],
  [
    'analytics.clearCounts',
    (a) => a.analytics.clearCounts({ id, ...range }),
    {
      method: 'DELETE',
      path: `/api/App/analytics/count/remove/${id}`,
      query: [
        ['startDate', '2026-01-01'],
        ['endDate', '2026-01-31'],
      ],
    },
  ],
  [
    'analytics.clearAllCounts',
    (a) => a.analytics.clearAllCounts({ id: [id, other], ...range }),
    {
      method: 'DELETE',
      path: '/api/App/analytics/count/all/remove',
      query: [
        ['startDate', '2026-01-01'],
        ['endDate', '2026-01-31'],
      ],
      body: { envelope: { id: [id, other] } },
    },
  ],
  // in-house ads
  [
    'inHouseAds.list',
    (a) => a.inHouseAds.list({ page: 3, limit: 100, q: 'sale' }),
    {
      method: 'GET',
      path: '/api/App/inhouse/ads',
      query: [
        ['page', '3'],
        ['limit', '100'],
        ['q', 'sale'],
      ],
    },
  ],
  [
    'inHouseAds.create',
    (a) => a.inHouseAds.create({ ...inHouseFields, icon: image, video }),
    { method: 'POST', path: '/api/App/inhouse/ads', body: { form: inHouseForm } },
  ],
  [
    'inHouseAds.edit',
    (a) => a.inHouseAds.edit({ ...inHouseFields, id, status: false, icon: image, video }),
    {
      method: 'PUT',
      path: '/api/App/inhouse/ads',
      body: { form: { ...inHouseForm, id: [id], status: ['false'] } },
    },
  ],
  [
    'inHouseAds.remove',
    (a) => a.inHouseAds.remove({ id: [id] }),
    { method: 'DELETE', path: '/api/App/inhouse/ads', body: { envelope: { id: [id] } } },
  ],
  [
    'inHouseAds.setStatus',
    (a) => a.inHouseAds.setStatus({ id, status: true }),
    {
      method: 'POST',
      path: '/api/App/inhouse/ads/update/status',
      body: { envelope: { id, status: true } },
    },
  ],
  [
    'inHouseAds.get',
    (a) => a.inHouseAds.get({ id }),
    { method: 'GET', path: `/api/App/inhouse/ads/data/${id}` },
  ],
  // notifications
  [
    'notifications.history',
    (a) => a.notifications.history(),
    { method: 'GET', path: '/api/App/notification/history' },
  ],
  [
    'analytics.export',
    (a) => a.analytics.export({ startDate: '2026-03-01', endDate: '2026-03-31' }),
    {
      method: 'GET',
      path: '/api/App/analytics/admin/export',
      query: [
        ['startDate', '2026-03-01'],
        ['endDate', '2026-03-31'],
      ],
    },
  ],
  [
    'inHouseAds.export',
    (a) => a.inHouseAds.export({ q: 'diwali' }),
    { method: 'GET', path: '/api/App/inhouse/ads/export', query: [['q', 'diwali']] },
  ],
  [
    'notifications.export',
    (a) => a.notifications.export({ q: 'sale', format: 'jsonl' }),
    {
      method: 'GET',
      path: '/api/App/notification/history/export',
      query: [
        ['q', 'sale'],
        ['format', 'jsonl'],
      ],
    },
  ],
  // audit log
  [
    'audit.list',
    (a) =>
      a.audit.list({ page: 2, limit: 50, kind: 'product', action: 'update', from: '2026-03-01' }),
    {
      method: 'GET',
      path: '/api/App/audit/admin/entries',
      query: [
        ['page', '2'],
        ['limit', '50'],
        ['kind', 'product'],
        ['action', 'update'],
        ['from', '2026-03-01'],
      ],
    },
  ],
  [
    'audit.detail',
    (a) => a.audit.detail({ id }),
    { method: 'GET', path: `/api/App/audit/admin/entries/${id}` },
  ],
  [
    'audit.export',
    (a) => a.audit.export({ admin: id, format: 'csv' }),
    {
      method: 'GET',
      path: '/api/App/audit/admin/export',
      query: [
        ['admin', id],
        ['format', 'csv'],
      ],
    },
  ],
  [
    'notifications.history (a page)',
    (a) => a.notifications.history({ page: 2, limit: 50, q: 'sale' }),
    {
      method: 'GET',
      path: '/api/App/notification/history',
      query: [
        ['page', '2'],
        ['limit', '50'],
        ['q', 'sale'],
      ],
    },
  ],
  [
    'notifications.send',
    (a) =>
      a.notifications.send({
        title: 'Hi',
        message: 'Deals inside',
        url: 'https://shop.example',
        sendAt: '2026-02-01T10:00:00Z',
        image,
      }),
    {
      method: 'POST',
      path: '/api/App/notification/send',
      body: {
        form: {
          title: ['Hi'],
          message: ['Deals inside'],
          url: ['https://shop.example'],
          sendAt: ['2026-02-01T10:00:00Z'],
          image: [received(image)],
        },
      },
    },
  ],
  [
    'notifications.resend',
    (a) => a.notifications.resend({ title: 'Hi', message: 'Again', url: '', fileName: 'icon.png' }),
    {
      method: 'POST',
      path: '/api/App/notification/resend',
      body: { envelope: { title: 'Hi', message: 'Again', url: '', fileName: 'icon.png' } },
    },
  ],
  [
    'notifications.remove',
    (a) => a.notifications.remove({ id: [id] }),
    { method: 'DELETE', path: '/api/App/notification/delete', body: { envelope: { id: [id] } } },
  ],
  [
    'notifications.cancel',
    (a) => a.notifications.cancel({ id }),
    { method: 'POST', path: '/api/App/notification/cancel', body: { envelope: { id } } },
  ],
  [
    'notifications.reschedule',
    (a) => a.notifications.reschedule({ id, sendAt: '2026-03-01T10:00:00+05:30' }),
    {
      method: 'PUT',
      path: '/api/App/notification/reschedule',
      body: { envelope: { id, sendAt: '2026-03-01T10:00:00+05:30' } },
    },
  ],
];

async function receivedBody(body: Body): Promise<Body> {
  const call = server.lastCall();
  if ('envelope' in body) return { envelope: envelopeBody(call, server.secret) };
  if ('json' in body) return { json: jsonBody(call) };
  return { form: await formBody(call) };
}

describe('every endpoint', () => {
  it('has a row here', () => {
    const tested = new Set(calls.map(([name]) => name.split(' ')[0]));
    const defined = Object.entries(api).flatMap(([area, group]) =>
      Object.keys(group).map((name) => `${area}.${name}`),
    );
    expect(defined.filter((name) => !tested.has(name))).toEqual([]);
  });

  it.each(calls)('%s', async (_name, call, expected) => {
    const { method, path, query = [], bearer = true, body } = expected;
    await call(api);
    const received = server.lastCall();
    expect(received.method).toBe(method);
    expect(received.path).toBe(path);
    expect(received.query.toString()).toBe(new URLSearchParams(query).toString());
    expect(received.headers['x-api-key']).toBe(server.apiKey);
    expect(received.headers['authorization']).toBe(bearer ? 'Bearer session-token' : undefined);
    if (body === undefined) expect(received.body.byteLength).toBe(0);
    else expect(await receivedBody(body)).toEqual(body);
  });
});

describe('answers', () => {
  it('carry the fields of the call beside status, message and the HTTP status', async () => {
    const data = { a_id: 'admin', a_email: 'a@example.test' };
    server.replyWith({ payload: { status: true, message: 'Admin data', data } });
    const answer = await api.admin.adminData();
    expect(answer).toEqual({ status: true, message: 'Admin data', data, httpStatus: 200 });
    expect(answer.data?.a_email).toBe('a@example.test');
  });
});

describe('streamed calls (exports)', () => {
  it('answer the file as the raw response, and refusals as the usual envelope', async () => {
    const route = 'GET /api/App/product/export';
    server.replyTo(route, { raw: '_id,title\r\n1,"a, b"\r\n' });
    const file = await api.products.export({ format: 'csv' });
    expect(file).toMatchObject({ status: true, message: 'Products exported', httpStatus: 200 });
    expect(await file.response?.text()).toBe('_id,title\r\n1,"a, b"\r\n');
    server.replyTo(route, { httpStatus: 401, payload: { status: false, message: 'Unauthorized' } });
    const refused = await api.products.export();
    expect(refused).toEqual({ status: false, message: 'Unauthorized', httpStatus: 401 });
    server.replyTo(route, defaultReply);
  });
});

describe('path parameters', () => {
  it('are escaped so they cannot leave their segment', async () => {
    await api.analytics.clearCounts({ id: 'a&b/c', ...range });
    expect(server.lastCall().path).toBe('/api/App/analytics/count/remove/a%26b%2Fc');
    expect(server.lastCall().query.toString()).toBe('startDate=2026-01-01&endDate=2026-01-31');
  });
});

describe('withIdempotencyKey', () => {
  it('sends the submission key on each POST of the scoped client', async () => {
    const scoped = api.withIdempotencyKey('submission-1');
    await scoped.adUnits.add({ type: 'native', a_name: 'Home', a_id: 'ca-1', a_description: 'd' });
    expect(server.lastCall().headers['idempotency-key']).toBe('submission-1');
    await api.adUnits.add({ type: 'native', a_name: 'Home', a_id: 'ca-1', a_description: 'd' });
    expect(server.lastCall().headers['idempotency-key']).not.toBe('submission-1');
  });
});
