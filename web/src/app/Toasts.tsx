// The toasts' container, loaded after the first screen shows (App.tsx): the login screen
// draws without it, and its first toast waits at most for this small chunk.
import { Notifications } from '@mantine/notifications';

export function Toasts() {
  return <Notifications position="top-right" limit={4} />;
}
