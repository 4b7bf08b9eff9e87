// What a list of API tokens shows (one's own on Security, every administrator's for an owner on
// Administrators) and its Revoke, which asks first.
import { formatDisplayTime, type ApiToken } from '@dealdesk/core';
import { Button, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import type { Column } from './DataTable.js';

/** Both token lists: revoking from either reloads the two. */
export const apiTokensKey = ['api-tokens'] as const;

export const when = (time: string | null, otherwise = 'Never') =>
  time === null ? otherwise : formatDisplayTime(time);

/** Resolves true only when the admin confirmed. */
export function confirmRevoke(title: string, detail: string): Promise<boolean> {
  return new Promise((resolve) => {
    modals.openConfirmModal({
      title,
      centered: true,
      children: <Text size="sm">{detail}</Text>,
      labels: { confirm: 'Revoke', cancel: 'Cancel' },
      confirmProps: { color: 'red' },
      onConfirm: () => resolve(true),
      onCancel: () => resolve(false),
      onClose: () => resolve(false),
    });
  });
}

/**
 * Name, scope, created, last used, expires and Revoke; `whose` names another administrator's
 * token in the button's label and the confirmation.
 */
export function apiTokenColumns<Token extends ApiToken>(
  revoke: (token: Token) => void,
  whose?: (token: Token) => string,
): Column<Token>[] {
  const of = (token: Token) => (whose === undefined ? '' : ` of ${whose(token)}`);
  return [
    { header: 'Name', cell: (token) => token.name },
    { header: 'Scope', cell: (token) => (token.scope === 'read' ? 'Read only' : 'Read and write') },
    { header: 'Created', cell: (token) => formatDisplayTime(token.createdAt) },
    { header: 'Last used', cell: (token) => when(token.lastUsedAt) },
    { header: 'Expires', cell: (token) => when(token.expiresAt) },
    {
      header: 'Actions',
      cell: (token) => (
        <Button
          size="xs"
          variant="light"
          color="red"
          aria-label={`Revoke the API token ${token.name}${of(token)}`}
          onClick={() =>
            void confirmRevoke(
              `Revoke the API token "${token.name}"${of(token)}?`,
              'Scripts using it stop working at once. This cannot be undone.',
            ).then((yes) => yes && revoke(token))
          }
        >
          Revoke
        </Button>
      ),
    },
  ];
}
