import { serverLoadBand, serverLoadPollMs, type ServerLoad } from '@dealdesk/core';
import { Badge, Group, Tooltip } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { api } from '../api.js';
import { unwrap } from '../../ui/notify.js';

const readings: readonly { key: keyof ServerLoad; label: string }[] = [
  { key: 'cpuLoad', label: 'CPU' },
  { key: 'ramUsage', label: 'RAM' },
  { key: 'storageUsage', label: 'Storage' },
];

/** CPU, RAM and storage use, asked every 2 seconds; green under 50 %, yellow to 80, red above. */
export function ServerStatus() {
  const load = useQuery({
    queryKey: ['server-load'],
    queryFn: async () => unwrap(await api.system.serverLoad()),
    refetchInterval: serverLoadPollMs,
    refetchIntervalInBackground: false,
    staleTime: 0,
    meta: { silent: true },
  });
  const failure = load.error?.message;
  useEffect(() => {
    if (failure !== undefined) console.warn('Server load check failed:', failure);
  }, [failure, load.errorUpdatedAt]);
  const data = load.data;
  return (
    <Group gap={6} wrap="nowrap" aria-label="Server load" role="group">
      {readings.map(({ key, label }) => {
        const value = data?.[key];
        const known = typeof value === 'number' && Number.isFinite(value);
        return (
          <Tooltip key={key} label={`${label} use on the server`} withArrow>
            <Badge
              variant="light"
              color={known ? serverLoadBand(value) : 'gray'}
              radius="sm"
              size="md"
              data-band={known ? serverLoadBand(value) : 'unknown'}
              data-testid={`server-${key}`}
              styles={{ label: { textTransform: 'none' } }}
            >
              {label} {known ? `${Math.round(value)}%` : '--'}
            </Badge>
          </Tooltip>
        );
      })}
    </Group>
  );
}
