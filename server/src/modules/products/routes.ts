import { endpoints, mediaImageWidths, productAnswers, type Product } from '@dealdesk/core';
import type { Module } from '../../context.js';
import { HttpError, RateLimited } from '../../http/errors.js';
import { publishedCache } from '../../http/published.js';
import { absoluteUrl, publicBaseOf } from '../../http/public-url.js';
import { productExport } from './export.js';
import { createScraper, ScrapeError, scrapeQueueLimits } from './scraping/index.js';
import { storedBulk } from './rows.js';
import { productsService } from './service.js';

/** Products, their events and the marketplace scraper (spec part 2, sections 2-5 and 7). */
export const productsModule: Module = (api, context) => {
  const products = productsService(context);
  products.keepListInMemory();
  // One scraper per process: its concurrency limit and its bounded queue cover every admin
  // scraping at once, each admin holding at most their share of the queue.
  const scraper = createScraper({ allowHosts: context.config.scrapeAllowHosts });
  context.onClose(() => scraper.close());

  api.implement(endpoints.products.scrape, {
    handler: async ({ body, caller }) => {
      try {
        return { data: await scraper.scrape(body.url, { by: caller.adminId }) };
      } catch (error) {
        if (error instanceof ScrapeError) {
          // A full queue or a used share: the scrape never started, and may be asked again.
          if (error.statusCode === 429)
            throw new RateLimited(error.message, scrapeQueueLimits.retryAfterSeconds);
          throw new HttpError(error.statusCode, error.message);
        }
        throw error;
      }
    },
  });

  api.implement(endpoints.products.create, {
    handler: async ({ body, form }) => ({
      data: await products.create(body, form.lists.images ?? []),
    }),
  });

  api.implement(endpoints.products.bulk, {
    prepare: storedBulk,
    handler: async ({ body }) => products.bulk(body),
  });

  api.implement(endpoints.products.update, {
    handler: async ({ body }) => ({ data: await products.update(body) }),
  });

  // One path for both reads: `?id=` is one product, anything else a page of the list.
  api.implement(endpoints.products.get, {
    handler: async ({ query }) => ({ data: await products.find(query.id) }),
  });
  api.implement(endpoints.products.list, { handler: ({ query }) => products.list(query) });
  api.implement(endpoints.products.export, productExport(context));

  // The content API's product calls (modules/app has the rest): published once per version
  // of the catalogue, per query and address asked.
  const appAnswers = publishedCache(context.changes, context.contentMemory.shelf('products'));
  const catalogueVersion = ({ catalogue }: { catalogue: number }) => String(catalogue);
  /** A product's listed JSON as the app gets it: images as absolute links. */
  const forApp = (listed: string, base: string): Omit<Product, 'view' | 'btn_click'> => {
    const product = JSON.parse(listed) as Omit<Product, 'view' | 'btn_click'>;
    return {
      ...product,
      images: product.images.map((image) => ({ url: absoluteUrl(base, image.url) })),
    };
  };
  api.implement(endpoints.app.products, {
    handler: async ({ query, request }) => {
      const base = publicBaseOf(context.config, request);
      return appAnswers(`${base} ${JSON.stringify(query)}`, catalogueVersion, async () => {
        const { catalogue } = await context.changes.versions();
        const page = await products.appPage(query, catalogue);
        return api.publish(endpoints.app.products, {
          data: page.listed.map((listed) => forApp(listed, base)),
          nextCursor: page.nextCursor,
          total: page.total,
          totalIsLowerBound: page.totalIsLowerBound,
          imageWidths: [...mediaImageWidths],
        });
      });
    },
  });
  api.implement(endpoints.app.product, {
    handler: async ({ params, request }) => {
      const base = publicBaseOf(context.config, request);
      return appAnswers(`${base} ${params.id}`, catalogueVersion, async () =>
        api.publish(endpoints.app.product, {
          data: forApp(await products.appProduct(params.id), base),
          imageWidths: [...mediaImageWidths],
        }),
      );
    },
  });

  api.implement(endpoints.products.remove, {
    handler: async ({ body }) => {
      await products.remove(body.id);
      return { message: productAnswers.deleted(body.id.length) };
    },
  });

  api.implement(endpoints.products.updateEvents, {
    handler: async ({ body }) => {
      await products.setEvent(body.id, body.event);
      return {};
    },
  });
};
