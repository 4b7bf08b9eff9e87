import { Tabs } from '@mantine/core';
import { Outlet, useLocation, useNavigate } from 'react-router-dom';
import { Page } from './Page.js';

export interface SectionTab {
  to: string;
  label: string;
}

/**
 * A section whose tabs are routes (Story Manager, Product, Ad Management): the heading, the
 * tab bar and the chosen tab's screen. Paths match case-insensitively, as the spec's mixed-case
 * paths invite.
 */
export function SectionTabs({
  title,
  description,
  tabs,
}: {
  title: string;
  description: string;
  tabs: readonly SectionTab[];
}) {
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const here = pathname.replace(/\/$/, '').toLowerCase();
  const current = tabs.find((tab) => tab.to.toLowerCase() === here);
  return (
    <Page title={title} description={description}>
      <Tabs
        value={current?.to ?? null}
        onChange={(to) => {
          if (to !== null) void navigate(to);
        }}
        keepMounted={false}
      >
        <Tabs.List aria-label={`${title} screens`}>
          {tabs.map((tab) => (
            <Tabs.Tab key={tab.to} value={tab.to}>
              {tab.label}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        {/* The chosen screen is the tab's panel (its aria-controls names a real element). */}
        {current === undefined ? (
          <Outlet />
        ) : (
          <Tabs.Panel value={current.to} pt="lg">
            <Outlet />
          </Tabs.Panel>
        )}
      </Tabs>
    </Page>
  );
}
