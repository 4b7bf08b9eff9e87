import { Anchor } from '@mantine/core';

/** An item's link in a list: opens in a new tab, one line at most. */
export function LinkCell({ url }: { url: string }) {
  return (
    <Anchor href={url} target="_blank" rel="noreferrer" size="sm" lineClamp={1} maw={220}>
      {url}
    </Anchor>
  );
}
