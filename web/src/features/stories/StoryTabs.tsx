export function StoryTabs() {
  return null;
}
