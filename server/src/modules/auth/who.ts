// Who made a change, in words kept with the change: the administrator's name and email, and
// the API token's name when a script made it (names and tokens may change or go later).
import type { Kysely } from 'kysely';
import type { Database } from '../../adapters/storage/schema.js';
import type { AdminCaller } from '../../http/route.js';

export async function describeCaller(
  db: Kysely<Database>,
  caller: Pick<AdminCaller, 'adminId' | 'tokenId' | 'via'>,
): Promise<string> {
  const admin = await db
    .selectFrom('admins')
    .select(['a_name', 'a_email'])
    .where('id', '=', caller.adminId)
    .executeTakeFirst();
  const person =
    admin === undefined
      ? caller.adminId
      : admin.a_name.trim() === ''
        ? admin.a_email
        : `${admin.a_name} <${admin.a_email}>`;
  if (caller.via !== 'api') return person;
  const token = await db
    .selectFrom('auth_tokens')
    .select('name')
    .where('id', '=', caller.tokenId)
    .executeTakeFirst();
  return `${person}, API token ${token?.name ?? caller.tokenId}`;
}
