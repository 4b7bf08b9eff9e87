export function StoryVideoEditPage() {
  return null;
}
