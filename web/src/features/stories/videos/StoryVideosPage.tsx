import { StoryScreen } from '../StoryScreen.js';

/** /add/story/video */
export function StoryVideosPage() {
  return <StoryScreen kind="video" />;
}
