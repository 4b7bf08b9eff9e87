// A form with unsaved changes asks before it is left: in-app navigation (links, tabs, Back)
// through the router's blocker, a reload or a closed tab through the browser's own prompt.
import { modals } from '@mantine/modals';
import { useEffect } from 'react';
import { useBlocker } from 'react-router-dom';

export const unsavedChangesTitle = 'Leave without saving?';

export function useUnsavedChanges(dirty: boolean): void {
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      dirty &&
      (currentLocation.pathname !== nextLocation.pathname ||
        currentLocation.search !== nextLocation.search),
  );
  useEffect(() => {
    if (blocker.state !== 'blocked') return;
    let answered = false;
    const answer = (leave: boolean) => {
      if (answered) return;
      answered = true;
      if (leave) blocker.proceed();
      else blocker.reset();
    };
    modals.openConfirmModal({
      title: unsavedChangesTitle,
      centered: true,
      children: 'Your changes on this screen are not saved. Leave, and they are lost.',
      labels: { confirm: 'Leave', cancel: 'Stay' },
      confirmProps: { color: 'red' },
      onConfirm: () => answer(true),
      onCancel: () => answer(false),
      onClose: () => answer(false),
    });
  }, [blocker]);
  useEffect(() => {
    if (!dirty) return;
    const ask = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', ask);
    return () => window.removeEventListener('beforeunload', ask);
  }, [dirty]);
}
