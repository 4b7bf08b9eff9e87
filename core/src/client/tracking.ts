import type { TrackBatchInput } from '../schemas/index.js';
import { command, envelope } from './command.js';

/** The app-facing call: the mobile app holds the API key but no admin token. */
export const tracking = {
  track: (input: TrackBatchInput) =>
    command<{ accepted: number }>({
      method: 'POST',
      path: '/api/App/track',
      body: envelope(input),
      auth: 'none',
    }),
};
