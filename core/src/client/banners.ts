import type { Banner } from '../entities/stories.js';
import type {
  BannerAddInput,
  BannerEditInput,
  BannerEditInsertInput,
  BannerInsertInput,
  IdListInput,
  IdStatusChangeInput,
} from '../schemas/index.js';
import { command, envelope, multipart } from './command.js';
import type { ClientInput, PageRequest } from './inputs.js';

export type BannerAddRequest = ClientInput<
  BannerAddInput,
  { insertData: ClientInput<BannerInsertInput, Banner> }
>;
export type BannerEditRequest = ClientInput<
  BannerEditInput,
  { insertData: ClientInput<BannerEditInsertInput, Banner> }
>;

/** The b1 banners. */
export const banners = {
  list: (page: PageRequest = {}) =>
    command<{ data: Banner[]; bannerStatus: boolean }>({
      method: 'GET',
      path: '/api/App/all/banner/b1',
      query: { ...page, a: true },
      auth: 'bearer',
    }),
  add: ({ insertData, ...files }: BannerAddRequest) =>
    command<{ data: Banner }>({
      method: 'POST',
      path: '/api/App/add/banner/b1',
      body: multipart(files, { insertData }),
      auth: 'bearer',
    }),
  find: (id: string) =>
    command<{ data: Banner }>({
      method: 'GET',
      path: '/api/App/find/banner/b1',
      query: { id },
      auth: 'bearer',
    }),
  edit: ({ insertData, ...fields }: BannerEditRequest) =>
    command<{ data: Banner }>({
      method: 'PUT',
      path: '/api/App/edit/banner/b1',
      body: multipart(fields, { insertData }),
      auth: 'bearer',
    }),
  setStatus: (input: IdStatusChangeInput) =>
    command<{ data: Banner }>({
      method: 'PUT',
      path: '/api/App/status/edit/banner/b1',
      body: envelope(input),
      auth: 'bearer',
    }),
  remove: (input: IdListInput) =>
    command({
      method: 'DELETE',
      path: '/api/App/delete/banner/b1',
      body: envelope(input),
      auth: 'bearer',
    }),
};
