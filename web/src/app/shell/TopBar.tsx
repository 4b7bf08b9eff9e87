import {
  ActionIcon,
  Burger,
  Button,
  Group,
  Image,
  Menu,
  Text,
  Tooltip,
  UnstyledButton,
} from '@mantine/core';
import { IconDotsVertical } from '@tabler/icons-react';
import { Link } from 'react-router-dom';
import { paths } from '../paths.js';
import { topLinks } from './nav-items.js';
import { ServerStatus } from './ServerStatus.js';

const [controller, ...iconLinks] = topLinks;

function Logo() {
  return (
    <UnstyledButton component={Link} to={paths.home} aria-label="Dealdesk home">
      <Group gap={8} wrap="nowrap">
        <Image src="/logo.svg" alt="" w={30} h={30} />
        <Text fw={750} fz="lg">
          Dealdesk
        </Text>
      </Group>
    </UnstyledButton>
  );
}

/** Wide screens: the Controller button and the icon links side by side. */
function WideLinks() {
  return (
    <Group gap="xs" visibleFrom="sm" wrap="nowrap">
      {controller === undefined ? null : (
        <Button
          component={Link}
          to={controller.to}
          variant="light"
          leftSection={<controller.icon size={18} aria-hidden />}
        >
          {controller.label}
        </Button>
      )}
      {iconLinks.map((item) => (
        <Tooltip key={item.to} label={item.label} withArrow>
          <ActionIcon
            component={Link}
            to={item.to}
            variant="subtle"
            color="gray"
            size="lg"
            aria-label={item.label}
          >
            <item.icon size={22} stroke={1.6} aria-hidden />
          </ActionIcon>
        </Tooltip>
      ))}
    </Group>
  );
}

/** Narrow screens: every top link in a dropdown that closes on an outside click. */
function NarrowMenu() {
  return (
    <Menu position="bottom-end" shadow="md" width={200} closeOnClickOutside>
      <Menu.Target>
        <ActionIcon variant="subtle" color="gray" size="lg" aria-label="Open menu" hiddenFrom="sm">
          <IconDotsVertical size={22} aria-hidden />
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>
        {topLinks.map((item) => (
          <Menu.Item
            key={item.to}
            component={Link}
            to={item.to}
            leftSection={<item.icon size={18} aria-hidden />}
          >
            {item.label}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}

export function TopBar({
  drawerOpened,
  onBurger,
}: {
  drawerOpened: boolean;
  onBurger: () => void;
}) {
  return (
    <>
      <Group h={60} px="md" justify="space-between" wrap="nowrap">
        <Group gap="sm" wrap="nowrap">
          <Burger
            opened={drawerOpened}
            onClick={onBurger}
            hiddenFrom="sm"
            size="sm"
            aria-label={drawerOpened ? 'Close navigation' : 'Open navigation'}
          />
          <Logo />
        </Group>
        <Group gap="md" wrap="nowrap">
          <Group visibleFrom="sm">
            <ServerStatus />
          </Group>
          <WideLinks />
          <NarrowMenu />
        </Group>
      </Group>
      <Group hiddenFrom="sm" px="md" pb={8} justify="center">
        <ServerStatus />
      </Group>
    </>
  );
}
