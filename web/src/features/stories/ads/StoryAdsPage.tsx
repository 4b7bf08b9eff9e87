export function StoryAdsPage() {
  return null;
}
