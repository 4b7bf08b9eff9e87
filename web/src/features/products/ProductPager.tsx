import { Group, Pagination, Text } from '@mantine/core';

/** 'Showing x of y products' (when `shown` is given) and the pages. */
export function ProductPager({
  shown,
  total,
  page,
  pages,
  onPage,
}: {
  shown?: number;
  total: number;
  page: number;
  pages: number;
  onPage: (page: number) => void;
}) {
  return (
    <Group justify="space-between" gap="sm">
      {shown === undefined ? (
        <span />
      ) : (
        <Text size="sm" c="dimmed" role="status">
          Showing {shown} of {total} products
        </Text>
      )}
      {pages > 1 ? (
        <Pagination
          total={pages}
          value={page}
          onChange={onPage}
          size="sm"
          getControlProps={(control) => ({ 'aria-label': `${control} page` })}
          getItemProps={(item) => ({ 'aria-label': `Page ${item}` })}
        />
      ) : null}
    </Group>
  );
}
