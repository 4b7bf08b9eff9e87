import { StoryScreen } from '../StoryScreen.js';

/** /add/story/Ad */
export function StoryAdsPage() {
  return <StoryScreen kind="ad" />;
}
