import { Text } from '@mantine/core';
import { MessagePage } from '../errors/MessagePage.js';

/** Navigation targets of screens that arrive in a later release. */
export function ComingSoonPage({ title }: { title: string }) {
  return (
    <MessagePage code="Soon" title={`${title} is coming soon`}>
      <Text c="dimmed">
        This part of the back-office arrives in the next release. Stories, banners, the controller
        and item dashboards are ready to use.
      </Text>
    </MessagePage>
  );
}
