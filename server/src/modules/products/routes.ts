import {
  byIdSchema,
  idListSchema,
  productCreateSchema,
  productEventUpdateSchema,
  productImageRule,
  productListQuerySchema,
  productUpdateSchema,
  scrapeSchema,
} from '@dealdesk/core';
import type { Module } from '../../context.js';
import { HttpError } from '../../http/errors.js';
import { readForm } from '../../http/uploads.js';
import { productAnswers } from './messages.js';
import { createScraper, ScrapeError } from './scraping/index.js';
import { productsService } from './service.js';

const productPath = '/api/App/product';

/** Products, their events and the marketplace scraper (spec part 2, sections 2-5 and 7). */
export const productsModule: Module = (api, context) => {
  const products = productsService(context);
  products.keepListInMemory();
  // One scraper per process: its concurrency limit covers every admin scraping at once.
  const scraper = createScraper({ allowHosts: context.config.scrapeAllowHosts });
  context.onClose(() => scraper.close());

  api.post(`${productPath}/scraping`, {
    access: 'admin',
    body: scrapeSchema,
    handler: async ({ body }) => {
      try {
        const data = await scraper.scrape(body.url);
        return { status: true, message: productAnswers.scraped, data };
      } catch (error) {
        if (error instanceof ScrapeError) throw new HttpError(error.statusCode, error.message);
        throw error;
      }
    },
  });

  api.post(productPath, {
    access: 'admin',
    idempotent: true,
    handler: async ({ request }) => {
      const form = await readForm(request, { images: productImageRule }, ['images']);
      const input = productCreateSchema.parse(form.input);
      const data = await products.create(input, form.lists.images);
      return { status: true, message: productAnswers.added, data };
    },
  });

  api.put(productPath, {
    access: 'admin',
    body: productUpdateSchema,
    handler: async ({ body }) => ({
      status: true,
      message: productAnswers.updated,
      data: await products.update(body),
    }),
  });

  // One path for both reads: `?id=` is one product, anything else a page of the list.
  api.get(productPath, {
    access: 'admin',
    handler: async ({ request }) => {
      const query = request.query as Record<string, unknown>;
      if (query.id !== undefined) {
        const { id } = byIdSchema.parse(query);
        return { status: true, message: productAnswers.found, data: await products.find(id) };
      }
      const list = await products.list(productListQuerySchema.parse(query));
      return { status: true, message: productAnswers.list, ...list };
    },
  });

  api.delete(productPath, {
    access: 'admin',
    body: idListSchema,
    handler: async ({ body }) => {
      await products.remove(body.id);
      return { status: true, message: productAnswers.deleted(body.id.length) };
    },
  });

  api.put(`${productPath}/update/events`, {
    access: 'admin',
    body: productEventUpdateSchema,
    handler: async ({ body }) => {
      await products.setEvent(body.id, body.event);
      return { status: true, message: productAnswers.eventsUpdated };
    },
  });
};
