import { formatCount } from '@dealdesk/core';
import { Anchor } from '@mantine/core';
import { Link } from 'react-router-dom';
import { paths } from '../app/paths.js';

/** A view or click count, compacted, leading to the item's dashboard. */
export function CountLink({ id, count, what }: { id: string; count: unknown; what: string }) {
  return (
    <Anchor
      component={Link}
      to={paths.dashboard(id)}
      aria-label={`${formatCount(count)} ${what}, open the dashboard`}
    >
      {formatCount(count)}
    </Anchor>
  );
}
