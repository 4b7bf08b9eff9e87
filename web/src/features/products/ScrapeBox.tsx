import { scrapeSchema, type ScrapeResult } from '@dealdesk/core';
import { Button, Group, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconWorldDownload } from '@tabler/icons-react';
import { useState } from 'react';
import { validate } from '../../ui/form.js';
import { ApiFailure, toastSuccess, unwrapOr } from '../../ui/notify.js';
import { useAction, useSubmission } from '../../ui/mutations.js';

/** The marketplaces with their own reader on the server (server/src/modules/products/scraping). */
export const supportedMarketplaces = ['Amazon', 'Flipkart', 'Myntra', 'Ajio', 'Meesho'] as const;

/** A marketplace address in, the product's details out (the form fills itself with them). */
export function ScrapeBox({
  onScraped,
}: {
  onScraped: (url: string, result: ScrapeResult) => void;
}) {
  const [url, setUrl] = useState('');
  const [error, setError] = useState<string | undefined>();
  // One key per scrape: a double click reads the page once (the server answers the repeat).
  const submission = useSubmission();
  const scrape = useAction({
    mutationFn: async (address: string) => {
      const answer = unwrapOr(await submission.client().products.scrape({ url: address }), {
        failed: 'Failed to scrape data',
        unreachable: 'An error occurred while scraping data',
      });
      if (answer.data === undefined)
        throw new ApiFailure('Failed to scrape data', answer.httpStatus);
      return { address, result: answer.data, message: answer.message };
    },
    onSuccess: ({ address, result, message }) => {
      submission.done();
      toastSuccess(message);
      onScraped(address, result);
    },
  });
  const submit = () => {
    const verdict = validate(scrapeSchema, { url });
    if (verdict.ok) scrape.mutate(verdict.data.url);
    else setError(verdict.errors.url);
  };

  return (
    // Not a form of its own: it sits inside the Add Product form.
    <Paper p="md" role="search" aria-label="Scrape a product">
      <Stack gap="xs">
        <Title order={2} fz="h5">
          Fill from a marketplace page
        </Title>
        <Group align="flex-start" gap="xs" wrap="nowrap">
          <TextInput
            aria-label="Product page URL"
            placeholder="https://www.amazon.in/..."
            type="url"
            value={url}
            error={error}
            onChange={(event) => {
              setUrl(event.currentTarget.value);
              setError(undefined);
            }}
            onKeyDown={(event) => {
              // Enter scrapes rather than submitting the product.
              if (event.key === 'Enter') {
                event.preventDefault();
                submit();
              }
            }}
            style={{ flex: 1 }}
          />
          <Button
            onClick={submit}
            loading={scrape.isPending}
            leftSection={<IconWorldDownload size={18} aria-hidden />}
          >
            Scrape
          </Button>
        </Group>
        <Text size="xs" c="dimmed">
          Works with product pages from {supportedMarketplaces.slice(0, -1).join(', ')} and{' '}
          {supportedMarketplaces.at(-1)}; other shops are read from their standard product data.
        </Text>
      </Stack>
    </Paper>
  );
}
