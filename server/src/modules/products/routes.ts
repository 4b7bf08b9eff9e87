import { endpoints, productAnswers } from '@dealdesk/core';
import type { Module } from '../../context.js';
import { HttpError } from '../../http/errors.js';
import { createScraper, ScrapeError } from './scraping/index.js';
import { productsService } from './service.js';

/** Products, their events and the marketplace scraper (spec part 2, sections 2-5 and 7). */
export const productsModule: Module = (api, context) => {
  const products = productsService(context);
  products.keepListInMemory();
  // One scraper per process: its concurrency limit covers every admin scraping at once.
  const scraper = createScraper({ allowHosts: context.config.scrapeAllowHosts });
  context.onClose(() => scraper.close());

  api.implement(endpoints.products.scrape, {
    handler: async ({ body }) => {
      try {
        return { data: await scraper.scrape(body.url) };
      } catch (error) {
        if (error instanceof ScrapeError) throw new HttpError(error.statusCode, error.message);
        throw error;
      }
    },
  });

  api.implement(endpoints.products.create, {
    handler: async ({ body, form }) => ({
      data: await products.create(body, form.lists.images ?? []),
    }),
  });

  api.implement(endpoints.products.update, {
    handler: async ({ body }) => ({ data: await products.update(body) }),
  });

  // One path for both reads: `?id=` is one product, anything else a page of the list.
  api.implement(endpoints.products.get, {
    handler: async ({ query }) => ({ data: await products.find(query.id) }),
  });
  api.implement(endpoints.products.list, { handler: ({ query }) => products.list(query) });

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
