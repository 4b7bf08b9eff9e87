import { StoryEditScreen } from '../StoryEditScreen.js';

export function StoryVideoEditPage() {
  return <StoryEditScreen kind="video" />;
}
