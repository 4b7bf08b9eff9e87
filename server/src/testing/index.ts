// @dealdesk/server/testing: what tests outside the server (browser, CLI, start) use of it: the
// in-process server on a fresh database, a real SMTP capture, catalogue fixtures, items to
// track, a story with an image, and the fake marketplace the scraper reads.
export {
  createTestAdmin,
  freshDatabase,
  printedCode,
  signIn,
  startTestServer,
  testAuthSettings,
  testClock,
  testConfig,
  type TestDatabase,
  type TestServer,
} from './harness.js';
export { codeIn } from './smtp-capture.js';
export { authenticatorCode, totpStepSeconds } from '../modules/auth/totp.js';
export { insertTrackable, type TestTrackedKind } from '../modules/tracking/testing.js';
export { addImageStory } from '../modules/stories/testing.js';
export {
  addCategory,
  addSubcategory,
  png,
  productData,
  signedInClient,
  type CatalogueClient,
} from '../modules/products/catalogue-fixtures.js';
export {
  startTestServer as startShop,
  type TestServer as Shop,
} from '../modules/products/scraping/test-server.js';
