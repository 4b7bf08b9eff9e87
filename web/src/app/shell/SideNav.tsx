import { NavLink } from '@mantine/core';
import { useState } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { isActive, sideNav } from './nav-items.js';
import classes from './Shell.module.css';

/** Wide screens: an icon rail that expands on hover or keyboard focus. */
export function SideRail() {
  const { pathname } = useLocation();
  // Folded by a click on a link, until the pointer leaves the rail.
  const [folded, setFolded] = useState(false);
  return (
    <nav
      aria-label="Main"
      className={classes.rail}
      data-folded={folded || undefined}
      onMouseLeave={() => setFolded(false)}
    >
      {sideNav.map((item) => (
        <Link
          key={item.to}
          to={item.to}
          className={classes.railLink}
          data-active={isActive(item, pathname) || undefined}
          aria-current={isActive(item, pathname) ? 'page' : undefined}
          onClick={() => setFolded(true)}
        >
          <item.icon size={24} stroke={1.6} className={classes.railIcon} aria-hidden />
          <span className={classes.railLabel}>{item.label}</span>
        </Link>
      ))}
    </nav>
  );
}

/** Narrow screens: the same links as a list inside the drawer. */
export function DrawerNav({ onNavigate }: { onNavigate: () => void }) {
  const { pathname } = useLocation();
  return (
    <nav aria-label="Main">
      {sideNav.map((item) => (
        <NavLink
          key={item.to}
          component={Link}
          to={item.to}
          label={item.label}
          leftSection={<item.icon size={22} stroke={1.6} aria-hidden />}
          active={isActive(item, pathname)}
          aria-current={isActive(item, pathname) ? 'page' : undefined}
          onClick={onNavigate}
          variant="filled"
          py="md"
        />
      ))}
    </nav>
  );
}
