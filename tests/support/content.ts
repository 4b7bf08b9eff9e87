// Content a browser test file adds through the API when its screens only need it to be there.
import type { ApiClient, InHouseAdCreateRequest } from '@dealdesk/core';
import { expect } from 'vitest';
import { pngUpload } from './catalogue.js';

/** Adds an in-house ad with an icon and an image and no limits; `fields` name and shape it. */
export async function addInHouseAd(
  api: ApiClient,
  fields: Pick<InHouseAdCreateRequest, 'mainTitle' | 'subTitle' | 'description' | 'ad_type'>,
): Promise<void> {
  const created = await api.inHouseAds.create({
    ...fields,
    callToAction: 'https://deals.example/offer',
    btnName: 'Open',
    medType: 'image',
    maxviewLimit: 0,
    maxviewStatus: false,
    maxclickLimit: 0,
    maxclickStatus: false,
    icon: pngUpload('icon.png'),
    image: pngUpload('media.png'),
  });
  expect(created.status, created.message).toBe(true);
}
