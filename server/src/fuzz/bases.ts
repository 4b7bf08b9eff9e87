// The valid input of every declared call, which the fuzz test's attacks start from: the ids
// are those of real items the test made first (or unknown ids for deletes, so the items stay),
// so a bad value in one field reaches the handler and the database rather than only the
// schema. A call missing here is still attacked, from an input made of its declaration alone,
// and the fuzz test names it.
import type { AnyEndpoint } from '@dealdesk/core';
import { shapeKeys, type FileSpec, type Input, type Rng } from './attacks.js';

/** Ids of items made before the attacks, and the admin whose sign-in steps are attacked. */
export interface Fixtures {
  category: string;
  subcategory: string;
  product: string;
  shortcut: string;
  story: string;
  storyAd: string;
  banner: string;
  inHouseAd: string;
  notification: string;
  webAd: string;
  adUnit: string;
  /** The admin of the sign-in and reset attacks (never the one whose session the test keeps). */
  victim: { a_id: string; a_email: string; password: string };
}

export type Samples = Readonly<Record<'png' | 'jpg' | 'gif' | 'mp4', Buffer>>;

const range = { startDate: '2026-01-01', endDate: '2026-01-31' };

type Base = (fixtures: Fixtures, rng: Rng, samples: Samples) => Partial<Input>;

const png = (samples: Samples): FileSpec => ({
  filename: 'photo.png',
  type: 'image/png',
  bytes: samples.png,
});
const jpg = (samples: Samples): FileSpec => ({
  filename: 'photo.jpg',
  type: 'image/jpeg',
  bytes: samples.jpg,
});
const mp4 = (samples: Samples): FileSpec => ({
  filename: 'clip.mp4',
  type: 'video/mp4',
  bytes: samples.mp4,
});

const unknownId = (rng: Rng) => rng.hex(24);
/** A file in a slot where the call takes one optionally, some of the time. */
const sometimes = (rng: Rng, slot: string, file: FileSpec): Record<string, FileSpec[]> =>
  rng.chance(0.3) ? { [slot]: [file] } : {};
const name = (rng: Rng, prefix: string) => `${prefix} ${rng.hex(6)}`;

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

const productData = (fixtures: Fixtures, rng: Rng) => ({
  productDetails: {
    title: name(rng, 'Shirt'),
    price: 499,
    og_price: 999,
    og_url: 'https://shop.example/p/1',
    category: fixtures.category,
    subcategory: fixtures.subcategory,
    rating: '4.2',
    ratingsAndReviews: '10 Ratings, 2 Reviews',
    deliveryInfo: 'Free delivery',
    availableSizes: ['M', 'L'],
    specifications: { Fabric: 'Cotton', sizeDetails: { M: '38' } },
  },
  events: 'Trending',
  btn_url: '',
});

const inHouseFields = {
  mainTitle: 'Big sale',
  subTitle: 'Today only',
  description: 'Everything half price',
  callToAction: 'https://shop.example/sale',
  btnName: 'Open',
  ad_type: 'FS',
  medType: 'video',
  maxviewLimit: 0,
  maxviewStatus: false,
  maxclickLimit: 50,
  maxclickStatus: true,
};

const page = (limit: number) => ({ page: 1, limit, q: '' });

export const bases: Readonly<Record<string, Base>> = {
  'admin.login': (f) => ({ body: { a_id: f.victim.a_id, a_password: f.victim.password } }),
  'admin.loginOtp': (_f, rng) => ({ body: { otp: String(rng.between(100000, 999999)) } }),
  'admin.authorization': () => ({}),
  'admin.adminData': () => ({}),
  'admin.updateProfile': () => ({
    body: {
      a_name: 'Asha',
      a_state: 'Goa',
      a_city: 'Panaji',
      a_phone: '9876543210',
      a_address: 'Main road',
    },
  }),
  'admin.forgetPassword': (f) => ({ body: { a_email: f.victim.a_email } }),
  'admin.forgetPasswordOtp': (_f, rng) => ({ body: { otp: String(rng.between(100000, 999999)) } }),
  'admin.newPassword': (_f, rng) => ({ body: { password: `new-password-${rng.hex(6)}` } }),
  'admin.logout': () => ({}),
  'admin.listTokens': () => ({}),
  'admin.listAllTokens': () => ({}),
  'admin.createToken': () => ({ body: { name: 'cron', expiresInDays: 30 } }),
  'admin.revokeToken': (_f, rng) => ({ params: { id: unknownId(rng) } }),
  'admin.listAdministrators': () => ({}),
  'admin.inviteAdministrator': (_f, rng) => ({
    body: { a_email: `invitee-${rng.hex(6)}@example.test` },
  }),
  'admin.cancelInvitation': (_f, rng) => ({ params: { id: unknownId(rng) } }),
  'admin.acceptInvitation': (_f, rng) => ({
    body: { token: rng.hex(32), code: '123456', a_id: `admin-${rng.hex(4)}`, password: 'secret-1' },
  }),
  'admin.disableAdministrator': (_f, rng) => ({ params: { id: unknownId(rng) } }),
  'admin.enableAdministrator': (_f, rng) => ({ params: { id: unknownId(rng) } }),
  'admin.changeAdministratorRole': (_f, rng) => ({
    params: { id: unknownId(rng) },
    body: { role: 'editor' },
  }),
  'admin.listSessions': () => ({}),
  'admin.revokeSession': (_f, rng) => ({ params: { id: unknownId(rng) } }),
  'admin.revokeOtherSessions': () => ({}),
  'admin.authenticatorStatus': () => ({}),
  'admin.authenticatorSetup': () => ({}),
  'admin.authenticatorConfirm': (_f, rng) => ({
    body: { code: String(rng.between(100000, 999999)) },
  }),
  'admin.authenticatorOff': (_f, rng) => ({ body: { code: String(rng.between(100000, 999999)) } }),
  'admin.authenticatorRecoveryCodes': (_f, rng) => ({
    body: { code: String(rng.between(100000, 999999)) },
  }),
  'dashboard.viewsDashboard': (f) => ({ params: { id: f.product }, query: { ...range } }),
  'system.serverLoad': () => ({}),
  'shortcuts.list': () => ({ query: page(100) }),
  'shortcuts.add': (_f, rng, s) => ({
    body: { name: name(rng, 'Brand'), url: 'https://b.example', s_no: 4 },
    files: { image: [png(s)] },
  }),
  'shortcuts.edit': (f, rng) => ({
    body: {
      _id: f.shortcut,
      name: name(rng, 'Brand'),
      url: 'https://b.example',
      s_no: 2,
      clickCount: 9,
    },
  }),
  'shortcuts.remove': (_f, rng) => ({ body: { id: [unknownId(rng)] } }),
  'shortcuts.setStatus': (f) => ({ body: { _id: f.shortcut, status: true } }),
  'stories.list': () => ({ query: page(200) }),
  'stories.find': (f) => ({ query: { id: f.story } }),
  'stories.add': (_f, _rng, s) => ({
    body: { insertData: { ...storyInsert } },
    files: { video: [mp4(s)] },
  }),
  // The one edit call of stories and story ads: half the time a story ad.
  'stories.edit': (f, rng, s) =>
    rng.chance(0.5)
      ? {
          body: { _id: f.story, insertData: { ...storyInsert, status: true } },
          files: sometimes(rng, 'image', png(s)),
        }
      : {
          body: {
            _id: f.storyAd,
            insertData: { ...storyInsert, adsStory: true, status: true, view: 7, clickBtnCount: 2 },
          },
        },
  'stories.remove': (_f, rng) => ({ body: { id: [unknownId(rng)] } }),
  'stories.setStatus': (f) => ({ body: { _id: f.story, status: true } }),
  'storyAds.list': () => ({ query: page(200) }),
  'storyAds.find': (f) => ({ query: { id: f.storyAd } }),
  'storyAds.add': (_f, _rng, s) => ({
    body: { insertData: { ...storyInsert, adsStory: true } },
    files: { image: [png(s)] },
  }),
  'storyAds.remove': (_f, rng) => ({ body: { id: [unknownId(rng)] } }),
  'storyAds.setStatus': (f) => ({ body: { _id: f.storyAd, status: false } }),
  'banners.list': () => ({ query: page(50) }),
  'banners.add': (_f, rng, s) => ({
    body: { insertData: { name: name(rng, 'Hero'), url: 'https://h.example' } },
    files: { image: [png(s)] },
  }),
  'banners.find': (f) => ({ query: { id: f.banner } }),
  'banners.edit': (f, rng, s) => ({
    body: { _id: f.banner, insertData: { name: name(rng, 'Hero'), url: '', clickCount: 3 } },
    files: sometimes(rng, 'video', mp4(s)),
  }),
  'banners.setStatus': (f) => ({ body: { id: f.banner, status: true } }),
  'banners.remove': (_f, rng) => ({ body: { id: [unknownId(rng)] } }),
  'controller.get': () => ({}),
  'controller.setSwitch': () => ({ body: { name: 'banner', status: true } }),
  'controller.setPosition': () => ({ body: { name: 'ntvTiming', value: 4 } }),
  'controller.setPlacement': () => ({ body: { field: 'homeToCategory', name: 'INHOUSE_FS' } }),
  'controller.setAfterSplash': () => ({ body: { name: 'OPEN' } }),
  'controller.setIntentControl': () => ({ body: { intentControl: 'FORWORD' } }),
  'controller.setFacebook': () => ({ body: { facebook_app_id: '1', facebook_client_token: 't' } }),
  'controller.setInstallNew': () => ({ body: { btn_url: 'https://play.example/app' } }),
  'controller.versions': () => ({ query: { page: 1, limit: 20 } }),
  // Version 1 exists once any change made versions (the setters above run first or not).
  'controller.version': () => ({ params: { version: 1 } }),
  'controller.rollback': () => ({ params: { version: 1 } }),
  'tracking.track': (f) => ({
    body: {
      events: [
        { kind: 'banner', id: f.banner, event: 'click' },
        { kind: 'product', id: f.product, event: 'view' },
        { kind: 'story', id: f.story, event: 'view' },
      ],
    },
  }),
  // A loopback address: the scraper's guard refuses it before any connection.
  'products.scrape': () => ({ body: { url: 'http://127.0.0.1:9/p/1' } }),
  'products.create': (f, rng, s) => ({
    body: { productData: productData(f, rng), imageUrls: ['https://cdn.example/1.png'] },
    files: { images: [png(s)] },
  }),
  'products.bulk': (f, rng) => {
    const { productDetails, events } = productData(f, rng);
    const images = ['https://cdn.example/1.png'];
    return { body: { products: [{ ...productDetails, events, images }], onExisting: 'update' } };
  },
  'products.update': (f, rng) => ({ body: { id: f.product, productData: productData(f, rng) } }),
  'products.get': (f) => ({ query: { id: f.product } }),
  'products.list': (f) => ({
    query: {
      page: 1,
      limit: 50,
      q: 'shirt',
      categories: [f.category],
      subCategories: '',
      events: ['Trending', 'Best Deals'],
    },
  }),
  'products.export': (f) => ({
    query: { q: 'shirt', categories: [f.category], events: ['Trending'], format: 'jsonl' },
  }),
  'products.remove': (_f, rng) => ({ body: { id: [unknownId(rng)] } }),
  'products.updateEvents': (f) => ({ body: { id: [f.product], event: 'New Launch' } }),
  'categories.list': () => ({}),
  'categories.add': (_f, rng, s) => ({
    body: { name: name(rng, 'Men') },
    files: { image: [png(s)], bg_image: [jpg(s)] },
  }),
  'categories.edit': (f, rng) => ({ body: { id: f.category, name: name(rng, 'Category') } }),
  // The category and subcategory hold a product: their deletes answer 409 and keep them.
  'categories.remove': (f) => ({ params: { id: f.category } }),
  'subcategories.list': () => ({}),
  'subcategories.add': (f, rng, s) => ({
    body: { name: name(rng, 'Shirts'), categoryId: f.category },
    files: { image: [png(s)] },
  }),
  'subcategories.edit': (f, rng) => ({
    body: { id: f.subcategory, name: name(rng, 'Tees'), categoryId: f.category },
  }),
  'subcategories.remove': (f) => ({ params: { id: f.subcategory } }),
  'subcategories.byCategory': (f) => ({ params: { id: f.category } }),
  'policy.getPolicy': () => ({}),
  'policy.updatePolicy': () => ({ body: { policy_title: 'P', policy_description: '<p>d</p>' } }),
  'policy.getTerms': () => ({}),
  'policy.updateTerms': () => ({ body: { terms_title: 'T', terms_description: 'd' } }),
  'adUnits.list': () => ({ params: { type: 'fullScreen' } }),
  'adUnits.add': (_f, rng) => ({
    params: { type: 'reward' },
    // A type refuses an ad id it has: each add its own.
    body: { a_name: `r${rng.hex(4)}`, a_id: `ca-app/${rng.hex(4)}`, a_description: 'd' },
  }),
  'adUnits.update': (f) => ({
    params: { type: 'native', id: f.adUnit },
    body: { a_id: 'ca-app/2', a_description: 'e' },
  }),
  'webAds.list': () => ({ query: { ...range } }),
  'webAds.add': (_f, rng) => ({
    body: {
      a_name: `w${rng.hex(4)}`,
      a_id: `https://ad.example/${rng.hex(4)}`,
      a_description: 'd',
    },
  }),
  'webAds.update': (f) => ({
    params: { id: f.webAd },
    body: { a_id: 'https://ad.example/2', a_description: 'e' },
  }),
  'webAds.remove': (_f, rng) => ({ params: { id: unknownId(rng) } }),
  'webAds.clearCounts': (f) => ({ params: { id: f.webAd }, query: { ...range } }),
  'webAds.clearAllCounts': (f) => ({ query: { ...range }, body: { id: [f.webAd] } }),
  'analytics.get': () => ({ query: { ...range } }),
  'analytics.export': () => ({ query: { ...range, format: 'csv' } }),
  // The analytics screen's cards: web ads and in-house ads.
  'analytics.clearCounts': (f) => ({ params: { id: f.inHouseAd }, query: { ...range } }),
  'analytics.clearAllCounts': (f) => ({
    query: { ...range },
    body: { id: [f.inHouseAd, f.webAd] },
  }),
  'inHouseAds.list': () => ({ query: page(100) }),
  'inHouseAds.create': (_f, _rng, s) => ({
    body: { ...inHouseFields },
    files: { icon: [png(s)], video: [mp4(s)] },
  }),
  'inHouseAds.edit': (f) => ({ body: { ...inHouseFields, id: f.inHouseAd, status: false } }),
  'inHouseAds.remove': (_f, rng) => ({ body: { id: [unknownId(rng)] } }),
  'inHouseAds.setStatus': (f) => ({ body: { id: f.inHouseAd, status: true } }),
  'inHouseAds.get': (f) => ({ params: { id: f.inHouseAd } }),
  'notifications.history': () => ({ query: { page: 1, limit: 50, q: '' } }),
  'notifications.export': () => ({ query: { q: '', format: 'jsonl' } }),
  'inHouseAds.export': () => ({ query: { q: 'deal', format: 'csv' } }),
  'audit.list': (f) => ({
    query: { page: 1, limit: 20, kind: 'product', item: f.product, from: '2026-01-01' },
  }),
  'audit.detail': (_f, rng) => ({ params: { id: unknownId(rng) } }),
  'audit.export': () => ({ query: { action: 'update', to: '2026-01-31', format: 'csv' } }),
  'notifications.send': (_f, rng, s) => ({
    body: {
      title: 'Sale',
      message: 'Half price today',
      url: 'https://shop.example/sale',
      ...(rng.chance(0.5) ? { sendAt: '2030-01-31T18:30:00Z' } : {}),
    },
    files: sometimes(rng, 'image', png(s)),
  }),
  'notifications.resend': () => ({
    body: { title: 'Sale', message: 'Half price today', url: 'https://shop.example/sale' },
  }),
  'notifications.remove': (_f, rng) => ({ body: { id: [unknownId(rng)] } }),
  'notifications.cancel': (_f, rng) => ({ body: { id: unknownId(rng) } }),
  'notifications.reschedule': (_f, rng) => ({
    body: { id: unknownId(rng), sendAt: '2030-01-31T18:30:00Z' },
  }),
  'app.home': () => ({}),
  'app.categories': () => ({}),
  'app.products': (f) => ({
    query: { event: 'Trending', q: 'shirt', limit: 20, category: f.category },
  }),
  'app.product': (f) => ({ params: { id: f.product } }),
  'app.privacy': () => ({}),
  'app.terms': () => ({}),
};

/** A call's valid input; a call not listed gets its parameters and fields with plain values. */
export function baseInput(
  name: string,
  call: AnyEndpoint,
  fixtures: Fixtures,
  rng: Rng,
  samples: Samples,
): Input {
  const base = bases[name];
  if (base !== undefined) {
    const made = base(fixtures, rng, samples);
    return { params: {}, query: {}, body: {}, files: {}, ...made };
  }
  const plain = (keys: string[]) =>
    Object.fromEntries(keys.map((key) => [key, /id$/i.test(key) ? fixtures.product : 'x']));
  return {
    params: plain(shapeKeys(call.params)),
    query: plain(shapeKeys(call.query)),
    body: plain(shapeKeys(call.body?.schema)),
    files: {},
  };
}
