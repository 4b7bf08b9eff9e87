import { AppShell, Center, Drawer, Loader, ScrollArea } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { ModalsProvider } from '@mantine/modals';
import { Suspense, useEffect } from 'react';
import { Outlet, useLocation } from 'react-router-dom';
import { ScreenWrites } from '../role.js';
import { DrawerNav, SideRail } from './SideNav.js';
import { TopBar } from './TopBar.js';
import classes from './Shell.module.css';

/** The signed-in frame: top bar, side navigation (a drawer under 768 px) and the screen. */
export function Shell() {
  const [drawerOpened, drawer] = useDisclosure(false);
  const { pathname } = useLocation();
  const closeDrawer = drawer.close;
  // Every new screen closes the drawer it was chosen from.
  useEffect(() => closeDrawer(), [pathname, closeDrawer]);

  // Confirmations open only inside the shell: the sign-in screens load no modal code.
  return (
    <ModalsProvider>
      <AppShell
        header={{ height: { base: 96, sm: 60 } }}
        navbar={{ width: 72, breakpoint: 'sm', collapsed: { mobile: true } }}
        padding="md"
      >
        <a href="#main" className="skip-link">
          Skip to content
        </a>
        <AppShell.Header className={classes.header}>
          <TopBar drawerOpened={drawerOpened} onBurger={drawer.toggle} />
        </AppShell.Header>
        {/* Off-screen on a phone (the drawer stands in): out of the Tab order too. */}
        <AppShell.Navbar className={classes.navbar} visibleFrom="sm">
          <SideRail />
        </AppShell.Navbar>
        <Drawer
          opened={drawerOpened}
          onClose={drawer.close}
          title="Dealdesk"
          size={260}
          hiddenFrom="sm"
          overlayProps={{ backgroundOpacity: 0.45, blur: 2 }}
          scrollAreaComponent={ScrollArea.Autosize}
        >
          <DrawerNav onNavigate={drawer.close} />
        </Drawer>
        <AppShell.Main id="main" tabIndex={-1}>
          <Suspense
            fallback={
              <Center h="50vh">
                <Loader aria-label="Loading screen" />
              </Center>
            }
          >
            <ScreenWrites pathname={pathname}>
              <Outlet />
            </ScreenWrites>
          </Suspense>
        </AppShell.Main>
      </AppShell>
    </ModalsProvider>
  );
}
