// The toasts' container, loaded with the first toast (App.tsx): no screen loads it to draw, and
// the first toast waits at most for this small chunk.
import { Notifications } from '@mantine/notifications';

export function Toasts() {
  // Bottom right, off the top bar's buttons; and never in the way: a click goes through a toast
  // to the control under it (toasts close by themselves).
  return <Notifications position="bottom-right" limit={4} style={{ pointerEvents: 'none' }} />;
}
