import { Alert, Button, Group, SegmentedControl, Stack, Table, Text } from '@mantine/core';
import { useState } from 'react';
import type { ScrapeChange, ScrapedPart } from './scrape-merge.js';

/**
 * The fields a new scrape would change after they were edited by hand: the administrator's
 * value beside the page's, each kept or taken; "Keep my edits" keeps them all.
 */
export function ScrapeChanges({
  changes,
  onApply,
}: {
  changes: readonly ScrapeChange[];
  onApply: (kept: ReadonlySet<ScrapedPart>) => void;
}) {
  const [kept, setKept] = useState<ReadonlySet<ScrapedPart>>(
    () => new Set(changes.map(({ part }) => part)),
  );
  const choose = (part: ScrapedPart, keep: boolean) =>
    setKept((current) => {
      const next = new Set(current);
      if (keep) next.add(part);
      else next.delete(part);
      return next;
    });
  return (
    <Alert
      color="yellow"
      title="The page differs from your edits"
      role="region"
      aria-label="Scrape changes"
    >
      <Stack gap="sm">
        <Text size="sm">
          The other fields are filled from the page. Choose, for each field you changed, which value
          to keep.
        </Text>
        <Table.ScrollContainer minWidth={480}>
          <Table aria-label="Fields the page would change">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Field</Table.Th>
                <Table.Th>Yours</Table.Th>
                <Table.Th>From the page</Table.Th>
                <Table.Th>Keep</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {changes.map((change) => (
                <Table.Tr key={change.part}>
                  <Table.Td>{change.label}</Table.Td>
                  <Table.Td>{change.mine}</Table.Td>
                  <Table.Td>{change.page}</Table.Td>
                  <Table.Td>
                    <SegmentedControl
                      size="xs"
                      aria-label={`Keep for ${change.label}`}
                      data={[
                        { value: 'mine', label: 'Yours' },
                        { value: 'page', label: 'Page' },
                      ]}
                      value={kept.has(change.part) ? 'mine' : 'page'}
                      onChange={(value) => choose(change.part, value === 'mine')}
                    />
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
        <Group gap="sm">
          <Button onClick={() => onApply(kept)}>Apply these choices</Button>
          <Button
            variant="default"
            onClick={() => onApply(new Set(changes.map(({ part }) => part)))}
          >
            Keep my edits
          </Button>
        </Group>
      </Stack>
    </Alert>
  );
}
