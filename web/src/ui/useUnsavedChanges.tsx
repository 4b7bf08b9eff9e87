// A form with unsaved changes asks before it is left: in-app navigation (links, tabs, Back)
// through the router's blocker, a reload or a closed tab through the browser's own prompt.
// While the changes are unsaved they are also kept as a draft in this browser's storage, so a
// tab that is sent away anyway (the developer-tools guard, a crash, "Leave" in the browser's
// prompt) loses nothing: the form offers the draft back on return.
import { Alert, Button, Group, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { IconDeviceFloppy } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { useBlocker } from 'react-router-dom';
import { formatDisplayTime } from '@dealdesk/core';
import { paths } from '../app/paths.js';
import { changedFrom } from './form.js';

export const unsavedChangesTitle = 'Leave without saving?';

/** Navigation options for leaving a form that was just saved: nothing to ask about. */
export const afterSave = { state: { afterSave: true } };
const isAfterSave = (state: unknown) =>
  typeof state === 'object' && state !== null && 'afterSave' in state;

const draftPrefix = 'dealdesk.draft.';

interface StoredDraft<Values> {
  savedAt: string;
  values: Values;
}

export interface DraftOffer {
  savedAt: string;
  restore: () => void;
  discard: () => void;
}

function readDraft<Values>(key: string): StoredDraft<Values> | null {
  try {
    const text = window.localStorage.getItem(draftPrefix + key);
    return text === null ? null : (JSON.parse(text) as StoredDraft<Values>);
  } catch {
    return null;
  }
}

function writeDraft<Values>(key: string, values: Values): void {
  try {
    const draft: StoredDraft<Values> = { savedAt: new Date().toISOString(), values };
    // Chosen files cannot be kept: their slots come back empty.
    const text = JSON.stringify(draft, (_key, value: unknown) =>
      value instanceof Blob ? null : value,
    );
    window.localStorage.setItem(draftPrefix + key, text);
  } catch {
    // Storage full or refused (private mode): the leave prompts still guard the edit.
  }
}

const forgetDraft = (key: string) => window.localStorage.removeItem(draftPrefix + key);

/** Whether a draft is kept for this form (a screen can open in edit mode to offer it). */
export const hasDraft = (key: string): boolean => readDraft(key) !== null;

/**
 * Guards a form: `key` names its draft (one per form and item, e.g. `product:42`), `values`
 * are what is kept while `dirty`, `restore` puts a draft back. Answers the draft found on
 * arrival, if it differs from what the form shows, for DraftNotice to offer.
 */
export function useUnsavedChanges<Values>(
  key: string,
  values: Values,
  dirty: boolean,
  restore: (values: Values) => void,
): DraftOffer | null {
  const [found, setFound] = useState(() => {
    const draft = readDraft<Values>(key);
    return draft !== null && changedFrom(draft.values, values) ? draft : null;
  });
  const wasDirty = useRef(false);
  useEffect(() => {
    // Saved or cancelled: the draft is spent. A form that opens clean keeps the one on offer.
    if (dirty) writeDraft(key, values);
    else if (wasDirty.current) forgetDraft(key);
    wasDirty.current = dirty;
  }, [key, values, dirty]);
  // A form unmounted with changes was left inside the app, through the prompt below or its own
  // Cancel: the admin chose to drop them. A page unload unmounts nothing, and a failure sent to
  // the error page was not a choice: those keep the draft.
  useEffect(
    () => () => {
      if (wasDirty.current && window.location.pathname !== paths.error) forgetDraft(key);
    },
    [key],
  );

  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      dirty &&
      !isAfterSave(nextLocation.state) &&
      nextLocation.pathname !== paths.error &&
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

  if (found === null) return null;
  return {
    savedAt: found.savedAt,
    restore: () => {
      setFound(null);
      restore(found.values);
    },
    discard: () => {
      setFound(null);
      forgetDraft(key);
    },
  };
}

/** Offers a kept draft back: restore it into the form, or throw it away. */
export function DraftNotice({ offer }: { offer: DraftOffer | null }) {
  if (offer === null) return null;
  return (
    <Alert
      color="yellow"
      variant="light"
      icon={<IconDeviceFloppy size={18} aria-hidden />}
      title="Unsaved changes were kept"
      role="status"
    >
      <Text size="sm">
        Changes you had not saved on this form were kept in this browser (
        {formatDisplayTime(offer.savedAt)}). Files you had chosen must be chosen again.
      </Text>
      <Group gap="xs" mt="xs">
        <Button size="xs" onClick={offer.restore}>
          Restore them
        </Button>
        <Button size="xs" variant="default" onClick={offer.discard}>
          Discard
        </Button>
      </Group>
    </Alert>
  );
}
