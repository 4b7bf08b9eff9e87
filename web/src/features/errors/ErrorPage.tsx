import { Text } from '@mantine/core';
import { MessagePage } from './MessagePage.js';

export function ErrorPage() {
  return (
    <MessagePage code=":(" title="Oops! Something went wrong">
      <Text c="dimmed">Please try again. If it keeps happening, reload the page.</Text>
    </MessagePage>
  );
}
