// At every start, after the migrations (which have no configuration): authenticator keys sealed
// under the envelope secret (`v1`) are opened with it and sealed under the server key, and legacy
// recovery-code hashes are hashed again under it, in one transaction. Each row changes only if it
// still holds what was read, so instances starting at once count each row once; a second start
// finds nothing left.
import type { Kysely } from 'kysely';
import type { Database } from '../../adapters/storage/schema.js';
import type { ServerConfig } from '../../config.js';
import { authenticatorSealing, isLegacyRecoveryHash } from './sealed-keys.js';

export interface Resealed {
  keys: number;
  recoveryCodes: number;
  /** v1 keys the envelope secret does not open (it changed since): left for a console reset. */
  unopened: number;
}

export async function resealUnderServerKey(
  db: Kysely<Database>,
  config: Pick<ServerConfig, 'secret' | 'serverKey'>,
): Promise<Resealed> {
  const sealing = authenticatorSealing(config);
  return db.transaction().execute(async (trx) => {
    const done: Resealed = { keys: 0, recoveryCodes: 0, unopened: 0 };
    const rows = await trx
      .selectFrom('admin_authenticators')
      .select(['admin_id', 'secret', 'pending_secret'])
      .where((eb) => eb.or([eb('secret', 'like', 'v1.%'), eb('pending_secret', 'like', 'v1.%')]))
      .execute();
    for (const row of rows)
      for (const column of ['secret', 'pending_secret'] as const) {
        const sealed = row[column];
        if (sealed === null || !sealing.legacyKeys.holds(sealed)) continue;
        let key: Buffer;
        try {
          key = sealing.legacyKeys.open(row.admin_id, sealed);
        } catch {
          done.unopened += 1;
          continue;
        }
        const result = await trx
          .updateTable('admin_authenticators')
          .set({ [column]: sealing.keys.seal(row.admin_id, key) })
          .where('admin_id', '=', row.admin_id)
          .where(column, '=', sealed)
          .executeTakeFirst();
        done.keys += Number(result.numUpdatedRows);
      }
    const codes = await trx
      .selectFrom('admin_recovery_codes')
      .select(['id', 'code_hash'])
      .where('code_hash', 'not like', 'v%')
      .execute();
    for (const code of codes.filter((row) => isLegacyRecoveryHash(row.code_hash))) {
      const result = await trx
        .updateTable('admin_recovery_codes')
        .set({ code_hash: sealing.rehashed(code.code_hash) })
        .where('id', '=', code.id)
        .where('code_hash', '=', code.code_hash)
        .executeTakeFirst();
      done.recoveryCodes += Number(result.numUpdatedRows);
    }
    return done;
  });
}
