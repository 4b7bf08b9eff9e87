// audit list / show: the audit log, who changed what, when and from where; `list --format` writes
// every entry the filters keep as a file through the server's export, as the web's Export does.
import { Option } from '@commander-js/extra-typings';
import {
  auditActions,
  auditChanges,
  auditExportQuerySchema,
  auditKinds,
  auditListQuerySchema,
  auditPageSize,
  maxPageSize,
  type AuditAction,
  type AuditEntry,
  type AuditFilters,
  type AuditKind,
} from '@dealdesk/core';
import { wholeNumber, type Declare } from '../command.js';
import { connect, type Connection } from '../connection.js';
import type { Context } from '../context.js';
import { fileOptions, exportFormat, saveExport, wantsFile, type FileOptions } from '../download.js';
import { usageError } from '../exit.js';
import { renderRecord, renderTable } from '../terminal/table.js';
import { formatDisplayTime } from '../terminal/time.js';
import { givenId } from '../ids.js';
import { validate } from '../validate.js';

interface FilterOptions {
  admin?: string;
  kind?: AuditKind;
  action?: AuditAction;
  item?: string;
  from?: string;
  to?: string;
}

interface ListOptions extends FilterOptions, FileOptions {
  page: number;
  limit: number;
}

const storedId = /^[0-9a-f]{24}$/;

/**
 * --admin as typed: the administrator's stored id as it is, else their admin ID or email,
 * looked up in the administrators list.
 */
async function adminIdOf(connection: Connection, who: string): Promise<string> {
  if (storedId.test(who)) return who;
  const answer = connection.check(await connection.api.admin.listAdministrators());
  const wanted = who.toLowerCase();
  const found = (answer.data ?? []).find(
    (admin) => admin.a_id.toLowerCase() === wanted || admin.a_email.toLowerCase() === wanted,
  );
  if (found === undefined) throw usageError(`--admin: no administrator ${who}`);
  return found._id;
}

/** The filters but --admin (whose id may take a call), each given one once. */
function filtersOf({ kind, action, item, from, to }: FilterOptions): Omit<AuditFilters, 'admin'> {
  return {
    ...(kind === undefined ? {} : { kind }),
    ...(action === undefined ? {} : { action }),
    ...(item === undefined ? {} : { item }),
    ...(from === undefined ? {} : { from }),
    ...(to === undefined ? {} : { to }),
  };
}

/** A checked query with --admin resolved: the other filters are refused before any call. */
async function withAdmin<Query extends object>(
  connection: Connection,
  query: Query,
  who: string | undefined,
): Promise<Query> {
  return who === undefined ? query : { ...query, admin: await adminIdOf(connection, who) };
}

/** The item in words: its name then, else its id (none for one-of-a-kind items). */
const itemOf = (entry: AuditEntry) => entry.label || entry.item_id || '';

async function listEntries(context: Context, options: ListOptions) {
  if (wantsFile(options)) {
    const checked = validate(auditExportQuerySchema, {
      ...filtersOf(options),
      format: exportFormat(context, options),
    });
    const connection = await connect(context);
    const query = await withAdmin(connection, checked, options.admin);
    await saveExport(
      context,
      connection,
      () => connection.api.audit.export(query),
      { ...options, format: query.format },
      'the audit log',
    );
    return;
  }
  const checked = validate(auditListQuerySchema, {
    ...filtersOf(options),
    page: options.page,
    limit: options.limit,
  });
  const connection = await connect(context);
  const query = await withAdmin(connection, checked, options.admin);
  const answer = connection.check(await connection.api.audit.list(query));
  const entries = answer.data ?? [];
  const total = answer.totalRecord ?? entries.length;
  const pages = Math.max(1, Math.ceil(total / query.limit));
  context.result(
    { status: true, data: entries, totalRecord: total, page: query.page, pages },
    () => {
      context.say(
        renderTable(
          ['id', 'when', 'who', 'client', 'address', 'action', 'kind', 'item'],
          entries.map((entry) => [
            entry._id,
            formatDisplayTime(entry.at),
            entry.actor,
            entry.client,
            entry.address,
            entry.action,
            entry.kind,
            itemOf(entry),
          ]),
          context,
        ),
      );
      context.footer(
        `Showing ${entries.length} of ${total} entries (page ${query.page} of ${pages}), newest first`,
      );
    },
  );
}

async function showEntry(context: Context, given: string) {
  const id = givenId(given);
  const { api, check } = await connect(context);
  const entry = check(await api.audit.detail({ id })).data;
  if (entry === undefined) return;
  const changes = auditChanges(entry);
  context.result({ status: true, data: entry, changes }, () => {
    context.say(
      renderRecord(
        [
          ['id', entry._id],
          ['when', formatDisplayTime(entry.at)],
          ['who', entry.actor],
          ['token', entry.token_name ?? ''],
          ['client', entry.client],
          ['address', entry.address],
          ['action', entry.action],
          ['kind', entry.kind],
          ['item', entry.item_id ?? ''],
          ['label', entry.label],
        ],
        context,
      ),
    );
    if (changes.length === 0) {
      context.say('No field values recorded.');
      return;
    }
    context.say('');
    context.say(
      renderTable(
        ['field', 'before', 'after'],
        changes.map(({ field, before, after }) => [field, before ?? '—', after ?? '—']),
        context,
      ),
    );
  });
}

const audit: Declare = (command, run) => {
  fileOptions(
    command
      .command('list')
      .description('a page of the audit log, newest first, filtered')
      .option('--admin <who>', 'the administrator: admin ID, email or the stored id')
      .addOption(new Option('--kind <kind>', 'kind of item changed').choices(auditKinds))
      .addOption(new Option('--action <action>', 'what was done').choices(auditActions))
      .option('--item <id>', "one item's history (with --kind)")
      .option('--from <yyyy-mm-dd>', 'first business day')
      .option('--to <yyyy-mm-dd>', 'last business day')
      .option('--page <n>', 'page from 1', wholeNumber(1), 1)
      .option('--limit <n>', 'entries a page', wholeNumber(1, maxPageSize), auditPageSize),
    'every entry the filters keep, with the fields each changed',
  ).action(run(listEntries));
  command
    .command('show')
    .description('one entry: who, when, from where, and each field before and after')
    .argument('<id>')
    .action(run(showEntry));
};

export const commands = { audit };
