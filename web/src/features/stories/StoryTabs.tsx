import { Tabs } from '@mantine/core';
import { Outlet, useLocation, useNavigate } from 'react-router-dom';
import { paths } from '../../app/paths.js';
import { Page } from '../../ui/Page.js';

const tabs = [
  { value: paths.shortcuts, label: 'Shortcut' },
  { value: paths.banners, label: 'Banner' },
  { value: paths.storyVideos, label: 'Story' },
  { value: paths.storyAds, label: 'Story Ads' },
] as const;

/** The story section's four tabs, each its own route. */
export function StoryTabs() {
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const current = tabs.find(
    (tab) => tab.value.toLowerCase() === pathname.replace(/\/$/, '').toLowerCase(),
  );
  return (
    <Page
      title="Story Manager"
      description="Shortcut stories, banners, story videos and story ads."
    >
      <Tabs
        value={current?.value ?? null}
        onChange={(value) => {
          if (value !== null) void navigate(value);
        }}
        keepMounted={false}
      >
        <Tabs.List>
          {tabs.map((tab) => (
            <Tabs.Tab key={tab.value} value={tab.value}>
              {tab.label}
            </Tabs.Tab>
          ))}
        </Tabs.List>
      </Tabs>
      <Outlet />
    </Page>
  );
}
