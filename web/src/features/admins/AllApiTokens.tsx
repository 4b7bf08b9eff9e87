// An owner's view of every administrator's API tokens (whose, name, scope, created, last used),
// each revocable: what `dealdesk token list --all` shows. Other roles never see the section (the
// server refuses them the list).
import { type OwnedApiToken } from '@dealdesk/core';
import { Text } from '@mantine/core';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../app/api.js';
import { DataTable, type Column } from '../../ui/DataTable.js';
import { useApiMutation } from '../../ui/mutations.js';
import { unwrap } from '../../ui/notify.js';
import { apiTokenColumns, apiTokensKey } from '../../ui/api-tokens.js';

const allTokensQuery = queryOptions({
  queryKey: [...apiTokensKey, 'all'],
  queryFn: async () => unwrap(await api.admin.listAllTokens()),
});

const whose = (token: OwnedApiToken) => token.admin.a_id;

export function AllApiTokens() {
  const tokens = useQuery(allTokensQuery);
  const revoke = useApiMutation((id: string) => api.admin.revokeToken({ id }), {
    refresh: apiTokensKey,
  });
  const columns: Column<OwnedApiToken>[] = [
    {
      header: 'Administrator',
      cell: (token) => (
        <Text size="sm" fw={600} title={token.admin.a_email}>
          {whose(token)}
        </Text>
      ),
    },
    ...apiTokenColumns((token) => revoke.mutate(token._id), whose),
  ];
  return (
    <DataTable
      caption="Every administrator's API tokens"
      rows={tokens.data?.data}
      columns={columns}
      query={tokens}
      empty={{ title: 'No API tokens', hint: 'Administrators make their own on Security.' }}
      rowLabel={(token) => `${token.name} of ${whose(token)}`}
      minWidth={720}
    />
  );
}
