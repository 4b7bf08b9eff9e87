import { endpoints, mediaImageWidths, type AppCategory } from '@dealdesk/core';
import type { Module } from '../../context.js';
import { publishedCache } from '../../http/published.js';
import { absoluteUrl, publicBaseOf } from '../../http/public-url.js';
import { categoriesService } from '../categories/service.js';
import { policyService } from '../policy/service.js';
import { homeDocument } from './home.js';

const contentVersion = ({ content }: { content: number }) => String(content);

/**
 * The content API the mobile app reads (docs/app-api.md): each answer is built once per version
 * of the content it shows and sent as the same sealed bytes, with an ETag, until that changes.
 * The product calls are the products module's (they read its catalogue memory).
 */
export const appModule: Module = (api, context) => {
  const buildHome = homeDocument(context);
  const categories = categoriesService(context);
  const policy = policyService(context);
  const answers = publishedCache(context.changes, context.contentMemory.shelf('app'));
  /** Whether the last home built had items with limits: then the tracked counts matter. */
  let homeFollowsCounts = true;
  // Made once, not per request: a kept answer holds it, and with it what its scope holds.
  const homeVersion = ({ content, totals }: { content: number; totals: number }) =>
    homeFollowsCounts ? `${content}.${totals}` : String(content);

  api.implement(endpoints.app.home, {
    handler: async ({ request }) => {
      const base = publicBaseOf(context.config, request);
      return answers(`home ${base}`, homeVersion, async () => {
        const { home, followsCounts } = await buildHome(base);
        homeFollowsCounts = followsCounts;
        return api.publish(endpoints.app.home, { data: home, imageWidths: [...mediaImageWidths] });
      });
    },
  });

  api.implement(endpoints.app.categories, {
    handler: async ({ request }) => {
      const base = publicBaseOf(context.config, request);
      return answers(`categories ${base}`, contentVersion, async () => {
        const [all, subcategories] = await Promise.all([
          categories.categories(),
          categories.subcategories(),
        ]);
        const link = (path: string) => absoluteUrl(base, path);
        const data: AppCategory[] = all.map((category) => ({
          _id: category._id,
          name: category.name,
          main_image: link(category.main_image),
          bg_image: link(category.bg_image),
          total_products: category.total_products,
          subcategories: subcategories
            .filter((subcategory) => subcategory.category._id === category._id)
            .map((subcategory) => ({
              _id: subcategory._id,
              name: subcategory.name,
              main_image: link(subcategory.main_image),
              total_products: subcategory.total_products,
            })),
        }));
        return api.publish(endpoints.app.categories, { data });
      });
    },
  });

  // The policy texts, each under its own key: both move with the content counter.
  const texts = [
    {
      call: endpoints.app.privacy,
      read: async () => {
        const { policy_title, policy_description } = await policy.policy();
        return { title: policy_title, description: policy_description };
      },
    },
    {
      call: endpoints.app.terms,
      read: async () => {
        const { terms_title, terms_description } = await policy.terms();
        return { title: terms_title, description: terms_description };
      },
    },
  ];
  for (const { call, read } of texts)
    api.implement(call, {
      handler: async () =>
        answers(call.path, contentVersion, async () => api.publish(call, { data: await read() })),
    });
};
