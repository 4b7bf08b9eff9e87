import { paths } from '../../app/paths.js';
import { SectionTabs } from '../../ui/SectionTabs.js';

const storyTabs = [
  { to: paths.shortcuts, label: 'Shortcut' },
  { to: paths.banners, label: 'Banner' },
  { to: paths.storyVideos, label: 'Story' },
  { to: paths.storyAds, label: 'Story Ads' },
] as const;

/** The story section's four tabs, each its own route. */
export function StoryTabs() {
  return (
    <SectionTabs
      title="Story Manager"
      description="Shortcut stories, banners, story videos and story ads."
      tabs={storyTabs}
    />
  );
}
