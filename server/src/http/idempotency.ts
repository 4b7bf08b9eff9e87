// Idempotency-Key on the calls that create or send (Stripe's convention): a repeat with the same
// key by the same administrator within 24 hours is answered with the first result and does
// nothing again. Keys live in the database, so a repeat reaching another instance is answered
// the same; a repeat arriving while the first is still running waits for its result.
import type { FastifyReply, FastifyRequest } from 'fastify';
import { type ColumnType, type Kysely } from 'kysely';
import { createHash } from 'node:crypto';
import { bodyDigestOf } from './envelope.js';
import { setTimeout as sleep } from 'node:timers/promises';
import type { Database } from '../adapters/storage/schema.js';
import { HttpError } from './errors.js';

export interface IdempotencyKeysTable {
  admin_id: string;
  key: string;
  /** What the first call was: method, path and body, hashed. */
  fingerprint: string;
  /** Null while the first call runs. */
  status_code: number | null;
  answer: string | null;
  /** Milliseconds since 1970 (bigint: text from pg). */
  created_at: ColumnType<number | string, number, number>;
}

export interface IdempotencyTables {
  idempotency_keys: IdempotencyKeysTable;
}

export const idempotencyMessages = {
  badKey: 'The Idempotency-Key header must be 1 to 255 printable characters',
  reused: 'This Idempotency-Key was already used for another request',
  inProgress: 'A request with this Idempotency-Key is still being processed. Try again shortly.',
} as const;

const keyLifetimeMs = 24 * 60 * 60 * 1000;
/** A first call still unfinished after this long died with its process: a repeat takes over. */
const abandonedAfterMs = 60_000;
/** How long a repeat waits for the first call's result, and how often it looks. */
const waitMs = 15_000;
const pollMs = 50;
/** Every this many keys, those past their lifetime are deleted. */
const sweepEvery = 200;

const printable = /^[\x21-\x7e]{1,255}$/;

export interface IdempotentCall {
  request: FastifyRequest;
  reply: FastifyReply;
  adminId: string;
}

export type RunIdempotent = <Answer>(
  call: IdempotentCall,
  run: () => Promise<Answer>,
) => Promise<Answer>;

function fingerprintOf(request: FastifyRequest): string {
  // Multipart bodies are streamed to the handler, so only JSON bodies take part: the digest of
  // the text sent (envelope.ts), not of the body parsed again into text.
  const body = request.isMultipart() ? '' : (bodyDigestOf(request) ?? '');
  return createHash('sha256').update(`${request.method} ${request.url}\n${body}`).digest('hex');
}

export function idempotency(db: Kysely<Database>, clock: () => Date): RunIdempotent {
  let claimed = 0;
  const now = () => clock().getTime();

  /** Inserts the key as running; false when it is there already. */
  const claim = async (adminId: string, key: string, fingerprint: string): Promise<boolean> => {
    claimed += 1;
    if (claimed % sweepEvery === 0)
      await db
        .deleteFrom('idempotency_keys')
        .where('created_at', '<', now() - keyLifetimeMs)
        .execute();
    const inserted = await db
      .insertInto('idempotency_keys')
      .values({ admin_id: adminId, key, fingerprint, created_at: now() })
      .onConflict((conflict) => conflict.columns(['admin_id', 'key']).doNothing())
      .executeTakeFirst();
    return Number(inserted.numInsertedOrUpdatedRows ?? 0) === 1;
  };

  const find = (adminId: string, key: string) =>
    db
      .selectFrom('idempotency_keys')
      .selectAll()
      .where('admin_id', '=', adminId)
      .where('key', '=', key)
      .executeTakeFirst();

  const release = (adminId: string, key: string, createdAt: number | string) =>
    db
      .deleteFrom('idempotency_keys')
      .where('admin_id', '=', adminId)
      .where('key', '=', key)
      .where('created_at', '=', Number(createdAt))
      .execute();

  return async ({ request, reply, adminId }, run) => {
    const header = request.headers['idempotency-key'];
    if (header === undefined) return run();
    if (typeof header !== 'string' || !printable.test(header))
      throw new HttpError(400, idempotencyMessages.badKey);
    const fingerprint = fingerprintOf(request);
    const waitUntil = Date.now() + waitMs;
    for (;;) {
      if (await claim(adminId, header, fingerprint)) {
        let answer: Awaited<ReturnType<typeof run>>;
        try {
          answer = await run();
        } catch (error) {
          // Only a result is kept: a refused or failed first call leaves the key free for a retry.
          await db
            .deleteFrom('idempotency_keys')
            .where('admin_id', '=', adminId)
            .where('key', '=', header)
            .execute();
          throw error;
        }
        await db
          .updateTable('idempotency_keys')
          .set({ status_code: reply.statusCode, answer: JSON.stringify(answer) })
          .where('admin_id', '=', adminId)
          .where('key', '=', header)
          .execute();
        return answer;
      }
      const first = await find(adminId, header);
      if (first === undefined) continue; // the first call failed and freed the key just now
      const age = now() - Number(first.created_at);
      if (age >= keyLifetimeMs) {
        await release(adminId, header, first.created_at);
        continue;
      }
      if (first.fingerprint !== fingerprint) throw new HttpError(409, idempotencyMessages.reused);
      if (first.answer !== null) {
        reply.code(first.status_code ?? 200).header('idempotent-replayed', 'true');
        return JSON.parse(first.answer) as Awaited<ReturnType<typeof run>>;
      }
      if (age >= abandonedAfterMs) {
        await release(adminId, header, first.created_at);
        continue;
      }
      if (Date.now() >= waitUntil) throw new HttpError(409, idempotencyMessages.inProgress);
      await sleep(pollMs);
    }
  };
}
