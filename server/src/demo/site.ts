// The demo's notifications history and its privacy policy and terms texts.
import {
  notificationSendSchema,
  policyUpdateSchema,
  termsUpdateSchema,
  type NotificationSendInput,
} from '@dealdesk/core';
import { createPushProvider } from '../adapters/push/index.js';
import { defaultPushSettings } from '../config.js';
import type { AppContext } from '../context.js';
import { asFileLike } from '../http/uploads.js';
import { createNotificationsService } from '../modules/notifications/service.js';
import { policyService } from '../modules/policy/service.js';
import { pngFile } from './png.js';
import type { Seeded } from './section.js';

export interface SiteCounts {
  notifications: number;
  /** The policy and the terms, each written when it was empty. */
  policyTexts: number;
}

/** Sent now, never scheduled: a later one would be pushed by the poller, to real phones. */
const notifications: (Omit<NotificationSendInput, 'image'> & { icon: boolean })[] = [
  {
    title: 'Big Saving Days are live',
    message: 'Up to 80% off phones, fashion and home. Ends Sunday at midnight.',
    url: 'https://www.example.com/sale',
    icon: true,
  },
  {
    title: 'Price drop on headphones',
    message: 'boAt Rockerz 450 is now ₹1,299. Grab it before the stock runs out.',
    url: '',
    icon: false,
  },
];

const policy = {
  policy_title: 'Privacy Policy',
  policy_description: [
    'We collect the details you give us (name, phone number, email address) and what you do in the app (the deals you open and the links you follow) to show you better deals and to keep the app working.',
    'We never sell your personal data. Partner stores see only that a visit came from this app, never who you are.',
    'You can ask us to show, correct or delete your data at any time by writing to privacy@example.com.',
  ].join('\n\n'),
};

const terms = {
  terms_title: 'Terms & Conditions',
  terms_description: [
    'This app lists deals from partner stores. Prices, stock and delivery are set by the store you buy from, and the purchase is between you and that store.',
    'Prices shown may change without notice; the price on the store page when you order is the one that counts.',
    'Offers, coins and rewards have no cash value and may end at any time. Misuse of referral or reward offers closes the account.',
  ].join('\n\n'),
};

/** The history and each text are sections of their own. */
export async function seedSite(context: AppContext): Promise<Seeded<SiteCounts>> {
  // Always the log provider, even where FCM is configured: a demo notification must reach no
  // phone, and seeding no network.
  const push = createPushProvider(
    { ...(context.config.push ?? defaultPushSettings), fcmServiceAccountFile: null },
    { dataDir: context.config.dataDir, log: context.log },
  );
  const history = createNotificationsService(context, push);
  const texts = policyService(context);
  const counts: SiteCounts = { notifications: 0, policyTexts: 0 };

  if ((await history.history({ page: 1, limit: 1, q: '' })).totalRecord === 0) {
    for (const { icon, ...fields } of notifications) {
      const file = icon
        ? pngFile(
            [
              [255, 87, 34],
              [255, 193, 7],
            ],
            96,
            96,
          )
        : undefined;
      const input = notificationSendSchema.parse({ ...fields, image: file && asFileLike(file) });
      await history.send(input, file);
      counts.notifications += 1;
    }
  }
  const current = { policy: await texts.policy(), terms: await texts.terms() };
  if (current.policy.policy_title === '' && current.policy.policy_description === '') {
    await texts.savePolicy(policyUpdateSchema.parse(policy));
    counts.policyTexts += 1;
  }
  if (current.terms.terms_title === '' && current.terms.terms_description === '') {
    await texts.saveTerms(termsUpdateSchema.parse(terms));
    counts.policyTexts += 1;
  }
  return { counts, tracked: [] };
}
