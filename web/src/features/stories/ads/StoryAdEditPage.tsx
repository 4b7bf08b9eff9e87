export function StoryAdEditPage() {
  return null;
}
