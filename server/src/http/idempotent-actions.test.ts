// A double click on Send invitation, Update event or Scrape sends its two requests with one
// Idempotency-Key (the web's submission key): the server acts once and answers both alike.
import { codeIn } from '../testing/smtp-capture.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addCategory,
  addProduct,
  addSubcategory,
  signedInClient,
  type CatalogueClient,
} from '../modules/products/catalogue-fixtures.js';
import {
  readFixture,
  startTestServer as startShop,
} from '../modules/products/scraping/test-server.js';
import type { TestServer as Shop } from '../modules/products/scraping/test-server.js';
import {
  clientFor,
  dialects,
  freshDatabase,
  startTestServer,
  testConfig,
  type TestDatabase,
  type TestServer,
} from '../testing/harness.js';

describe.each(dialects)('actions a double click repeats, on %s', (dialect) => {
  let database: TestDatabase;
  let server: TestServer;
  let shop: Shop;
  let api: CatalogueClient;
  let pageReads = 0;

  beforeAll(async () => {
    database = await freshDatabase(dialect);
    shop = await startShop({
      '/counted.html': (_request, response) => {
        pageReads += 1;
        void readFixture('generic/json-ld.html').then((page) =>
          response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(page),
        );
      },
    });
    // The shop answers from 127.0.0.1, which the scraper only reads when allowed.
    server = await startTestServer(testConfig(database, { scrapeAllowHosts: ['127.0.0.1'] }));
    api = await signedInClient(server);
  });
  afterAll(async () => {
    await server.close();
    await shop.close();
    await database.drop();
  });

  /** Both requests of a double click at once, with one submission's key. */
  const twice = <Answer>(call: () => Promise<Answer>) => Promise.all([call(), call()]);

  it('mails one invitation, whose link then works', async () => {
    const email = `invitee.${dialect}@example.test`;
    const submission = api.withIdempotencyKey('invite-once').admin;
    const [sent, again] = await twice(() => submission.inviteAdministrator({ a_email: email }));
    expect(sent).toMatchObject({ status: true, httpStatus: 200 });
    expect(again).toEqual(sent);
    const mails = server.printed.filter((text) => text.toLowerCase().includes(`to: ${email}`));
    expect(mails).toHaveLength(1);
    const mail = mails[0] ?? '';
    const token = /\/admin\/panel\/invite\?token=(\S+)/.exec(mail)?.[1] ?? '';
    const accepted = await clientFor(server).admin.acceptInvitation({
      token,
      code: codeIn(mail),
      a_id: `invitee-${dialect}`,
      password: 'invitee-password',
    });
    expect(accepted).toMatchObject({ status: true, httpStatus: 200 });
  });

  it('writes each product of an event update once, with one history entry', async () => {
    const subcategory = await addSubcategory(api, await addCategory(api));
    const ids = [await addProduct(api, subcategory), await addProduct(api, subcategory)];
    const submission = api.withIdempotencyKey('event-once');
    const [updated, again] = await twice(() =>
      submission.products.updateEvents({ id: ids, event: 'Trending' }),
    );
    expect(updated).toMatchObject({ status: true, httpStatus: 200 });
    expect(again).toEqual(updated);
    const entries = await server.app.dealdesk.context.db
      .selectFrom('audit_log')
      .select('item_id')
      .where('item_id', 'in', ids)
      .where('action', '=', 'update')
      .execute();
    expect(entries.map((entry) => entry.item_id).sort()).toEqual([...ids].sort());
  });

  it('reads a scraped page once, and again for another submission', async () => {
    const url = shop.url('/counted.html');
    const submission = api.withIdempotencyKey('scrape-once');
    const [scraped, again] = await twice(() => submission.products.scrape({ url }));
    expect(scraped).toMatchObject({ status: true, httpStatus: 200 });
    expect(again).toEqual(scraped);
    expect(pageReads).toBe(1);
    await api.withIdempotencyKey('scrape-next').products.scrape({ url });
    expect(pageReads).toBe(2);
  });
});
