import type { InHouseAd } from '../entities/ads.js';
import type {
  IdListInput,
  IdStatusChangeInput,
  InHouseAdCreateInput,
  InHouseAdEditInput,
} from '../schemas/index.js';
import { command, envelope, multipart, segment } from './command.js';
import type { ClientInput, PageRequest } from './inputs.js';

export type InHouseAdCreateRequest = ClientInput<InHouseAdCreateInput, InHouseAd>;
export type InHouseAdEditRequest = ClientInput<InHouseAdEditInput, InHouseAd>;

/** An in-house ad as answered: running while active and within its View or Click limit. */
export type RunningInHouseAd = InHouseAd & { running: boolean };

const inHousePath = '/api/App/inhouse/ads';

export const inHouseAds = {
  list: (page: PageRequest = {}) =>
    command<{ data: RunningInHouseAd[]; totalPages: number; InHouseAdsStatus: boolean }>({
      method: 'GET',
      path: inHousePath,
      query: { a: true, ...page },
      auth: 'bearer',
    }),
  /** The icon and the media file (image or video, as medType says) are file parts. */
  create: (input: InHouseAdCreateRequest) =>
    command({ method: 'POST', path: inHousePath, body: multipart(input), auth: 'bearer' }),
  edit: (input: InHouseAdEditRequest) =>
    command({ method: 'PUT', path: inHousePath, body: multipart(input), auth: 'bearer' }),
  remove: (input: IdListInput) =>
    command({ method: 'DELETE', path: inHousePath, body: envelope(input), auth: 'bearer' }),
  setStatus: (input: ClientInput<IdStatusChangeInput, { status: boolean }>) =>
    command({
      method: 'POST',
      path: `${inHousePath}/update/status`,
      body: envelope(input),
      auth: 'bearer',
    }),
  get: (id: string) =>
    command<{ data: RunningInHouseAd }>({
      method: 'GET',
      path: `${inHousePath}/data/${segment(id)}`,
      auth: 'bearer',
    }),
};
