import { Anchor } from '@mantine/core';
import type { NoticeLink } from './notify.js';

/** A success notice's text, then its link to the item made (plain clicks stay in the app). */
export function LinkedNotice({
  message,
  link,
  onFollow,
}: {
  message: string;
  link: NoticeLink;
  onFollow: () => void;
}) {
  return (
    <>
      {message}{' '}
      {/* The one part of a toast that takes a click (the toasts let clicks through, Toasts.tsx). */}
      <Anchor
        href={link.href}
        size="sm"
        style={{ pointerEvents: 'auto' }}
        onClick={(event) => {
          if (event.metaKey || event.ctrlKey || event.shiftKey) return;
          event.preventDefault();
          onFollow();
          link.open();
        }}
      >
        {link.label}
      </Anchor>
    </>
  );
}
