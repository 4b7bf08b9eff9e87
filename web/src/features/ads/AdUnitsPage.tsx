import { adUnitAddSchema, adUnitUpdateSchema, type AdUnitType } from '@dealdesk/core';
import { Group, Skeleton, Stack } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { api } from '../../app/api.js';
import { unwrap } from '../../ui/notify.js';
import { AdAddForm } from './AdAddForm.js';
import { AdTable } from './AdTable.js';
import { adUnitLabels } from './screens.js';
import { SearchAds } from './SearchAds.js';
import { matchingAds } from './search.js';
import { adQueries } from './queries.js';

/** Native, full screen, banner, open and reward ad units: add, search and edit inline. */
export function AdUnitsPage({ type }: { type: AdUnitType }) {
  const queryClient = useQueryClient();
  const units = adQueries.units(type);
  const ads = useQuery(units);
  const [search, setSearch] = useState('');
  const label = adUnitLabels[type];
  /** The server's message of a write, after the list shows its effect. */
  const saved = async (answer: Awaited<ReturnType<typeof api.adUnits.add>>) => {
    const { message } = unwrap(answer);
    await queryClient.invalidateQueries({ queryKey: units.queryKey });
    return message;
  };

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-start">
        <AdAddForm
          key={type}
          label={label}
          idLabel="Ad ID"
          schema={adUnitAddSchema}
          add={async (ad, client) => saved(await client.adUnits.add({ type, ...ad }))}
        />
        <SearchAds value={search} onChange={setSearch} label={label} />
      </Group>
      {ads.data === undefined ? (
        <Skeleton h={240} aria-label={`Loading ${label}`} />
      ) : (
        <AdTable
          caption="Ad units"
          key={type}
          ads={matchingAds(ads.data, search)}
          idLabel="Ad ID"
          schema={adUnitUpdateSchema}
          update={async (id, change) => saved(await api.adUnits.update({ type, id, ...change }))}
        />
      )}
    </Stack>
  );
}
