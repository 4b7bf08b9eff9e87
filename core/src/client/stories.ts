import type { StoryAd, StoryVideo } from '../entities/stories.js';
import type {
  IdListInput,
  StatusChangeInput,
  StoryAddInput,
  StoryEditFieldsInput,
  StoryEditInput,
  StoryInsertInput,
} from '../schemas/index.js';
import { command, envelope, multipart, plainJson } from './command.js';
import type { ClientInput, PageRequest } from './inputs.js';

export type StoryInsertData = ClientInput<StoryInsertInput, StoryAd>;
export type StoryEditData = ClientInput<StoryEditInput, StoryAd>;
export type StoryAddRequest = ClientInput<StoryAddInput, { insertData: StoryInsertData }>;
export type StoryEditRequest = ClientInput<StoryEditFieldsInput, { insertData: StoryEditData }>;

type StoryPage = Pick<PageRequest, 'page' | 'limit'>;

/** A story as the lists answer it: running while active and within its View or Click limit. */
export type RunningStory<Story extends StoryVideo = StoryVideo> = Story & { running: boolean };

/** One edit call for both: a story ad's insertData carries adsStory true, NTV, view... */
const editStory = <Story extends StoryVideo>({ insertData, ...fields }: StoryEditRequest) =>
  command<{ data: RunningStory<Story> }>({
    method: 'PUT',
    path: '/api/App/Edit/story/video',
    body: multipart(fields, { insertData }),
    auth: 'bearer',
  });

/** Stories and story ads live side by side: `video` and `ads` name them in their paths. */
function storyCalls<Story extends StoryVideo, ListFields extends object>(
  kind: 'video' | 'ads',
  addPath: string,
) {
  return {
    list: (page: StoryPage = {}) =>
      command<{ data: RunningStory<Story>[] } & ListFields>({
        method: 'GET',
        path: `/api/App/all/only/story/${kind}`,
        query: page,
        auth: 'bearer',
      }),
    find: (id: string) =>
      command<{ data: RunningStory<Story> }>({
        method: 'GET',
        path: `/api/App/story/${kind}/find`,
        query: { id },
        auth: 'bearer',
      }),
    /** insertData travels as JSON text beside the image or video file. */
    add: ({ insertData, ...files }: StoryAddRequest) =>
      command<{ data: RunningStory<Story> }>({
        method: 'POST',
        path: addPath,
        body: multipart(files, { insertData }),
        auth: 'bearer',
      }),
    edit: editStory<Story>,
    remove: (input: IdListInput) =>
      command({
        method: 'DELETE',
        path: `/api/App/delete/story/${kind}`,
        body: envelope(input),
        auth: 'bearer',
      }),
    /** The spec sends this switch as plain JSON, not in the envelope. */
    setStatus: (input: StatusChangeInput) =>
      command<{ data: RunningStory<Story> }>({
        method: 'PUT',
        path: `/api/App/story/${kind}/status`,
        body: plainJson(input),
        auth: 'bearer',
      }),
  };
}

/** Story videos and images. */
export const stories = storyCalls<StoryVideo, { firstStoryVideo: boolean }>(
  'video',
  '/api/App/Add/Story/Video',
);

/** Story ads; their add path is ours (the spec leaves it out). */
export const storyAds = storyCalls<StoryAd, object>('ads', '/api/App/Add/Story/Ads');
