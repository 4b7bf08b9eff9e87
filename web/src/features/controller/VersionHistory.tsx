// The controller's version history: every change makes a numbered version (who, when, what it
// changed). A version's detail shows how the current settings differ from it, and rolls back to
// it behind the same captcha as every controller change; the rollback is a new version.
import {
  formatDisplayTime,
  mobileBreakpointPx,
  type ControllerDifference,
  type ControllerVersion,
  type ControllerVersionDetail,
} from '@dealdesk/core';
import {
  Badge,
  Box,
  Button,
  CloseButton,
  Grid,
  Group,
  Paper,
  Skeleton,
  Stack,
  Table,
  Text,
  ThemeIcon,
  Title,
} from '@mantine/core';
import { IconArrowBackUp, IconCheck, IconHistory } from '@tabler/icons-react';
import { useMediaQuery } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo, useRef, useState, type Ref } from 'react';
import { api } from '../../app/api.js';
import { DataTable, type Column } from '../../ui/DataTable.js';
import { LoadError } from '../../ui/LoadError.js';
import { WritesFieldset } from '../../ui/WritesFieldset.js';
import { differenceText, fieldLabel, valueText } from './labels.js';
import { controllerHistoryPageSize, controllerVersionQueries } from './queries.js';
import { useControllerChange } from './useControllerChange.js';

type VersionRow = ControllerVersion & { _id: string };

/** Summaries name this many changes, then count the rest. */
const namedChanges = 2;

/**
 * Who made a version, split for reading: the name, then the email (and the API token a script
 * used). Version 1 is the state found when versions began to be kept.
 */
function madeBy(by: string): { name: string; more: string } {
  if (by === '') return { name: '(before versions were kept)', more: '' };
  const named = /^(.+?) <([^>]+)>(.*)$/.exec(by);
  return named === null
    ? { name: by, more: '' }
    : { name: named[1] ?? by, more: `${named[2] ?? ''}${named[3] ?? ''}` };
}

function Who({ by }: { by: string }) {
  const { name, more } = madeBy(by);
  return (
    <Stack gap={0} style={{ overflowWrap: 'break-word' }}>
      <Text size="sm" c={by === '' ? 'dimmed' : undefined}>
        {name}
      </Text>
      {more === '' ? null : (
        <Text size="xs" c="dimmed">
          {more}
        </Text>
      )}
    </Stack>
  );
}

/** Summaries cut values longer than this (links); the version's detail shows them whole. */
const summaryValueLength = 36;

const shortened = (value: ControllerDifference['from']) =>
  typeof value === 'string' && value.length > summaryValueLength
    ? `${value.slice(0, summaryValueLength - 1)}…`
    : value;

/** What a version did, in a line or three: "Banner: On → Off", "Rollback to version 12". */
function Summary({ version }: { version: ControllerVersion }) {
  const { changes, rollbackOf } = version;
  const named = changes.slice(0, namedChanges);
  const more = changes.length - named.length;
  return (
    <Stack gap={2} style={{ overflowWrap: 'anywhere' }}>
      {rollbackOf === null ? null : (
        <Group gap={6} wrap="nowrap">
          <IconArrowBackUp size={16} aria-hidden />
          <Text size="sm" fw={600}>
            Rollback to version {rollbackOf}
          </Text>
        </Group>
      )}
      {changes.length === 0 && rollbackOf === null ? (
        <Text size="sm" c="dimmed">
          The settings as first kept
        </Text>
      ) : null}
      {named.map((change) => (
        <Text key={change.field} size="sm">
          {differenceText({ ...change, from: shortened(change.from), to: shortened(change.to) })}
        </Text>
      ))}
      {more > 0 ? (
        <Text size="xs" c="dimmed">
          and {more} more
        </Text>
      ) : null}
    </Stack>
  );
}

/** The differences as the rollback makes them: from the current value back to the version's. */
const asRollback = (sinceThen: readonly ControllerDifference[]) =>
  sinceThen.map(({ field, from, to }) => ({ field, from: to, to: from }));

function rollbackDetail(sinceThen: readonly ControllerDifference[]): string {
  const changes = asRollback(sinceThen);
  const named = changes.slice(0, 3).map(differenceText).join('; ');
  const more = changes.length > 3 ? `; and ${changes.length - 3} more` : '';
  const count = changes.length === 1 ? '1 setting changes' : `${changes.length} settings change`;
  return `${count}: ${named}${more}. The rollback is saved as a new version.`;
}

/** The fields that differ: the version's value beside the current one. */
function DifferenceTable({ detail }: { detail: ControllerVersionDetail }) {
  const versionName = `Version ${detail.version}`;
  return (
    <Table
      aria-label={`Settings that differ between version ${detail.version} and now`}
      highlightOnHover={false}
      layout="fixed"
      style={{ overflowWrap: 'anywhere' }}
    >
      <Table.Thead>
        <Table.Tr>
          <Table.Th w="38%">Setting</Table.Th>
          <Table.Th>{versionName}</Table.Th>
          <Table.Th>Current</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {detail.sinceThen.map(({ field, from, to }) => (
          <Table.Tr key={field}>
            <Table.Td>
              <Text size="sm" fw={500}>
                {fieldLabel(field)}
              </Text>
            </Table.Td>
            <Table.Td>
              <Text size="sm">{valueText(from)}</Text>
            </Table.Td>
            <Table.Td>
              <Text size="sm" c="dimmed">
                {valueText(to)}
              </Text>
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

function VersionDetail({ version, onClose }: { version: number; onClose: () => void }) {
  const query = useQuery(controllerVersionQueries.one(version));
  const detail = query.data;
  const rollback = useControllerChange(api.controller.rollback, {
    failed: 'Failed to roll back',
    saved: (answer, { version: restored }) =>
      `Rolled back to version ${restored}` +
      (answer.version === undefined ? '' : `, saved as version ${answer.version}`),
  });
  const same = detail !== undefined && detail.sinceThen.length === 0;
  const rollBack = () => {
    if (detail === undefined || same) return;
    void rollback.change(
      {
        title: `Roll back to version ${detail.version}?`,
        detail: rollbackDetail(detail.sinceThen),
        confirmLabel: 'Confirm rollback',
      },
      { version: detail.version },
    );
  };

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-start" wrap="nowrap">
        <div>
          <Title order={3} fz="h4">
            Version {version}
          </Title>
          {detail === undefined ? null : (
            <Text size="sm" c="dimmed">
              {formatDisplayTime(detail.created_at)} · {madeBy(detail.by).name}
            </Text>
          )}
        </div>
        <CloseButton aria-label={`Close version ${version}`} onClick={onClose} />
      </Group>
      {detail === undefined && query.isError ? (
        <LoadError what={`version ${version}`} retry={() => void query.refetch()} />
      ) : detail === undefined ? (
        <Skeleton h={180} aria-label={`Loading version ${version}`} />
      ) : (
        <>
          <div>
            <Text size="sm" fw={600} mb={4}>
              What this version changed
            </Text>
            <Summary version={detail} />
          </div>
          <div>
            <Text size="sm" fw={600} mb={4}>
              Compared with the current settings
            </Text>
            {same ? (
              <Group gap="xs" wrap="nowrap" role="status">
                <ThemeIcon size={24} radius="xl" color="teal" variant="light">
                  <IconCheck size={16} aria-hidden />
                </ThemeIcon>
                <Text size="sm">Same as the current settings</Text>
              </Group>
            ) : (
              <DifferenceTable detail={detail} />
            )}
          </div>
          {same ? null : (
            <Stack gap={6} align="flex-end">
              <WritesFieldset>
                <Button
                  leftSection={<IconArrowBackUp size={18} aria-hidden />}
                  loading={rollback.isPending}
                  onClick={rollBack}
                >
                  Roll back to this version
                </Button>
              </WritesFieldset>
              <Text size="xs" c="dimmed" ta="right">
                Sets every setting as this version had it, as a new version.
              </Text>
            </Stack>
          )}
        </>
      )}
    </Stack>
  );
}

/** What scrolls into view stops below the app's header. */
const belowHeader = 'calc(var(--app-shell-header-height, 0px) + var(--mantine-spacing-md))';

/** The history's list beside the chosen version's detail (below it on narrow screens). */
export function VersionHistory({ ref }: { ref?: Ref<HTMLElement> }) {
  const [page, setPage] = useState(1);
  const [chosen, setChosen] = useState<number | null>(null);
  const history = useQuery(controllerVersionQueries.page(page));
  const total = history.data?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / controllerHistoryPageSize));
  const rows = useMemo(
    () => history.data?.rows.map((row): VersionRow => ({ ...row, _id: String(row.version) })),
    [history.data],
  );
  // The newest version is the settings as they are.
  const current = page === 1 ? rows?.[0]?.version : undefined;

  // The chosen version's panel takes the focus (and comes into view on narrow screens).
  const panel = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (chosen === null) return;
    panel.current?.focus({ preventScroll: true });
    panel.current?.scrollIntoView({ block: 'nearest' });
  }, [chosen]);

  const narrow = useMediaQuery(`(max-width: ${mobileBreakpointPx - 1}px)`);
  const number = (row: VersionRow) => (
    <Group gap={6}>
      <Text size="sm" fw={600}>
        {row.version}
      </Text>
      {row.version === current ? (
        <Badge size="xs" variant="light" color="teal">
          Current
        </Badge>
      ) : null}
    </Group>
  );
  const when = (row: VersionRow) => <Text size="xs">{formatDisplayTime(row.created_at)}</Text>;
  const view = (row: VersionRow) => (
    <Button
      size="xs"
      variant={row.version === chosen ? 'filled' : 'light'}
      aria-pressed={row.version === chosen}
      aria-label={`View version ${row.version}`}
      onClick={() => setChosen(row.version)}
    >
      View
    </Button>
  );
  const whatChanged: Column<VersionRow> = {
    header: 'What changed',
    cell: (row) => <Summary version={row} />,
  };
  // A phone's card: the version, when and by whom, with View beside them; then what changed.
  const columns: Column<VersionRow>[] = narrow
    ? [
        {
          header: 'Version',
          cell: (row) => (
            <Group justify="space-between" align="flex-start" wrap="nowrap">
              <Stack gap={2}>
                {number(row)}
                {when(row)}
                <Who by={row.by} />
              </Stack>
              {view(row)}
            </Group>
          ),
        },
        whatChanged,
      ]
    : [
        { header: 'Version', width: 104, cell: number },
        { header: 'When', width: 120, cell: when },
        { header: 'By', width: 170, cell: (row) => <Who by={row.by} /> },
        whatChanged,
        { header: 'Details', width: 90, cell: view },
      ];

  return (
    <Box
      ref={ref}
      component="section"
      aria-label="Version history"
      tabIndex={-1}
      style={{ scrollMarginTop: belowHeader }}
    >
      <Grid gutter="md" align="flex-start">
        <Grid.Col span={{ base: 12, lg: 7 }}>
          <DataTable
            caption="Version history"
            rows={rows}
            columns={columns}
            query={history}
            minWidth={600}
            paging={{ page, pages, total, onPage: setPage }}
            empty={{
              title: 'No versions yet',
              hint: 'Every change on this screen is kept as a numbered version you can go back to.',
            }}
            rowLabel={(row) => `version ${row.version}`}
            toolbar={
              <Text size="xs" c="dimmed">
                Newest first · the newest 300 are kept
              </Text>
            }
          />
        </Grid.Col>
        <Grid.Col span={{ base: 12, lg: 5 }}>
          <Paper
            ref={panel}
            tabIndex={-1}
            style={{ scrollMarginTop: belowHeader }}
            p={{ base: 'md', sm: 'lg' }}
            component="section"
            aria-label={chosen === null ? 'Version details' : `Version ${chosen}`}
          >
            {chosen === null ? (
              <Group gap="sm" wrap="nowrap" align="flex-start">
                <ThemeIcon size={36} radius="xl" variant="light" color="gray">
                  <IconHistory size={20} aria-hidden />
                </ThemeIcon>
                <Box>
                  <Text fw={600}>Choose a version</Text>
                  <Text size="sm" c="dimmed">
                    View a version to see how the current settings differ from it, and to roll back
                    to it.
                  </Text>
                </Box>
              </Group>
            ) : (
              <VersionDetail
                key={chosen}
                version={chosen}
                onClose={() => {
                  setChosen(null);
                  panel.current?.focus();
                }}
              />
            )}
          </Paper>
        </Grid.Col>
      </Grid>
    </Box>
  );
}
