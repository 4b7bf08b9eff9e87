// Cells shared by the product list and the product-by-event screen.
import {
  eventScreenLabel,
  formatDisplayTime,
  type Product,
  type ProductEvent,
} from '@dealdesk/core';
import { Anchor, Badge, Group, Image, Stack, Text } from '@mantine/core';
import { Link } from 'react-router-dom';
import { paths } from '../../app/paths.js';
import { CountLink } from '../../ui/CountLink.js';

const eventColors: Record<ProductEvent, string> = {
  'Best Deals': 'orange',
  Trending: 'pink',
  'New Launch': 'teal',
  None: 'gray',
};

/** The first image and the title, leading to the product's detail screen. */
export function ProductCell({ product }: { product: Product }) {
  return (
    <Group gap="sm" wrap="nowrap">
      <Image
        src={product.images[0]?.url ?? null}
        alt=""
        w={44}
        h={44}
        radius="sm"
        fit="contain"
        fallbackSrc="/logo.svg"
        bg="gray.0"
      />
      <Anchor
        component={Link}
        to={paths.productDetails(product._id)}
        size="sm"
        lineClamp={2}
        maw={320}
      >
        {product.title}
      </Anchor>
    </Group>
  );
}

const rupees = new Intl.NumberFormat('en-IN', { maximumFractionDigits: 2 });

export function PriceCell({ product }: { product: Product }) {
  return (
    <Stack gap={0}>
      <Text size="sm" fw={600} style={{ whiteSpace: 'nowrap' }}>
        ₹{rupees.format(product.price)}
      </Text>
      {product.og_price > product.price ? (
        <Text size="xs" c="dimmed" td="line-through" style={{ whiteSpace: 'nowrap' }}>
          ₹{rupees.format(product.og_price)}
        </Text>
      ) : null}
    </Stack>
  );
}

export function CategoryCell({ product }: { product: Product }) {
  return (
    <Stack gap={0}>
      <Text size="sm">{product.category.name}</Text>
      <Text size="xs" c="dimmed">
        {product.subcategory.name}
      </Text>
    </Stack>
  );
}

/** The event as a badge; the event screen words New Launch as 'Now Launch'. */
export function EventBadge({
  event,
  screen = 'list',
}: {
  event: ProductEvent;
  screen?: 'list' | 'events';
}) {
  return (
    <Badge color={eventColors[event]} variant="light" tt="none" miw="max-content">
      {screen === 'events' ? eventScreenLabel(event) : event}
    </Badge>
  );
}

export function DateCell({ product }: { product: Product }) {
  return (
    <Text size="xs" style={{ whiteSpace: 'nowrap' }}>
      {formatDisplayTime(product.createdAt)}
    </Text>
  );
}

/**
 * A product on a phone: image and title on two lines, then price, event and the counts on one
 * line each, about a fifth of the labelled cells' height.
 */
export function ProductCard({ product }: { product: Product }) {
  return (
    <Stack gap={4}>
      <ProductCell product={product} />
      <Group gap="xs" justify="space-between" wrap="nowrap">
        <Text size="sm" fw={600} style={{ whiteSpace: 'nowrap' }}>
          ₹{rupees.format(product.price)}
        </Text>
        <EventBadge event={product.events} />
      </Group>
      <Group gap="sm" wrap="nowrap">
        {(['views', 'clicks'] as const).map((what) => (
          <Group key={what} gap={4} wrap="nowrap">
            <CountLink
              id={product._id}
              name={product.title}
              count={what === 'views' ? product.view : product.btn_click}
              what={what}
            />
            <Text size="xs" c="dimmed">
              {what}
            </Text>
          </Group>
        ))}
        <Text size="xs" c="dimmed" truncate="end" miw={0}>
          {product.category.name}
        </Text>
      </Group>
    </Stack>
  );
}
