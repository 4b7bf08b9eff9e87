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
      <Anchor
        href={link.href}
        size="sm"
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
