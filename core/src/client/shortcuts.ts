import type { ShortcutStory } from '../entities/stories.js';
import type {
  IdListInput,
  ShortcutAddInput,
  ShortcutEditInput,
  StatusChangeInput,
} from '../schemas/index.js';
import { command, envelope, multipart } from './command.js';
import type { ClientInput, PageRequest } from './inputs.js';

export type ShortcutAddRequest = ClientInput<ShortcutAddInput, ShortcutStory>;
export type ShortcutEditRequest = ClientInput<ShortcutEditInput, ShortcutStory>;

/** Shortcut stories (story brands), under the spec's `/api/sortcut`. */
export const shortcuts = {
  list: (page: PageRequest = {}) =>
    command<{ data: ShortcutStory[]; next_s_no: number; secondStoryBrand: boolean }>({
      method: 'GET',
      path: '/api/sortcut',
      query: { ...page, a: true },
      auth: 'bearer',
    }),
  add: (input: ShortcutAddRequest) =>
    command<{ data: ShortcutStory }>({
      method: 'POST',
      path: '/api/sortcut',
      body: multipart(input),
      auth: 'bearer',
    }),
  edit: (input: ShortcutEditRequest) =>
    command<{ data: ShortcutStory }>({
      method: 'PUT',
      path: '/api/sortcut',
      body: multipart(input),
      auth: 'bearer',
    }),
  remove: (input: IdListInput) =>
    command({ method: 'DELETE', path: '/api/sortcut', body: envelope(input), auth: 'bearer' }),
  setStatus: (input: StatusChangeInput) =>
    command<{ data: ShortcutStory }>({
      method: 'PUT',
      path: '/api/sortcut/status',
      body: envelope(input),
      auth: 'bearer',
    }),
};
