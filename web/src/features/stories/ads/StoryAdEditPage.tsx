import { StoryEditScreen } from '../StoryEditScreen.js';

export function StoryAdEditPage() {
  return <StoryEditScreen kind="ad" />;
}
