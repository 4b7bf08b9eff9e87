import { Button, Text } from '@mantine/core';
import { useLocation, useNavigate } from 'react-router-dom';
import { MessagePage } from './MessagePage.js';

/**
 * /Error. A change that could not reach the server lands here; its form's unsaved changes
 * were kept as a draft (ui/useUnsavedChanges.tsx), so Go back returns to them.
 */
export function ErrorPage() {
  const navigate = useNavigate();
  const cameFromTheApp = useLocation().key !== 'default';
  return (
    <MessagePage code=":(" title="Oops! Something went wrong">
      <Text c="dimmed">Please try again. If it keeps happening, reload the page.</Text>
      {cameFromTheApp ? (
        <>
          <Text c="dimmed" size="sm">
            Changes you had not saved are kept: go back to find them.
          </Text>
          <Button variant="default" onClick={() => void navigate(-1)}>
            Go back
          </Button>
        </>
      ) : null}
    </MessagePage>
  );
}
