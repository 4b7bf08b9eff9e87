export function StoryVideosPage() {
  return null;
}
