import { formatCount } from '@dealdesk/core';
import { Anchor } from '@mantine/core';
import { Link } from 'react-router-dom';
import { paths } from '../app/paths.js';

/** A view or click count, compacted, leading to the item's dashboard (which shows `name`). */
export function CountLink({
  id,
  name,
  count,
  what,
}: {
  id: string;
  name: string;
  count: unknown;
  what: string;
}) {
  return (
    <Anchor
      component={Link}
      to={paths.dashboard(id, name === '' ? {} : { q: name })}
      aria-label={`${formatCount(count)} ${what}, open the dashboard`}
    >
      {formatCount(count)}
    </Anchor>
  );
}
