// `dealdesk admins`: the administrators, their roles and invitations (issue 39). Listing is a
// read any role may make; inviting, changing roles, disabling and enabling need an owner's
// signed-in session (the server says so, 403 naming the role).
import {
  adminRoles,
  invitationCreateSchema,
  roleChangeSchema,
  wrongAnswerMessages,
  type ClientResult,
} from '@dealdesk/core';
import { yesFlag, type Declare } from '../command.js';
import { confirmDestructive } from '../confirm.js';
import { connect, type Connection } from '../connection.js';
import type { Context } from '../context.js';
import { givenId } from '../ids.js';
import { sessionOnly } from '../session-only.js';
import { formatDisplayTime } from '../terminal/time.js';
import { renderTable } from '../terminal/table.js';
import { validate } from '../validate.js';

const adminsSession = <Answer extends object>(
  connection: Connection,
  command: string,
  result: ClientResult<Answer>,
) => sessionOnly(connection, command, result, 'manage administrators');

async function list(context: Context) {
  const { api, check } = await connect(context);
  const answer = check(await api.admin.listAdministrators());
  const admins = answer.data ?? [];
  const invitations = answer.invitations ?? [];
  context.result({ status: true, data: admins, invitations }, () => {
    context.say(
      renderTable(
        ['id', 'admin ID', 'email', 'role', 'status', 'invited by'],
        admins.map((admin) => [
          admin._id,
          admin.you ? `${admin.a_id} (you)` : admin.a_id,
          admin.a_email,
          admin.role,
          admin.status,
          admin.invitedBy ?? '',
        ]),
        context,
      ),
    );
    if (invitations.length === 0) return;
    context.say('Invitations waiting for an answer:');
    context.say(
      renderTable(
        ['id', 'email', 'role', 'invited by', 'expires'],
        invitations.map((invitation) => [
          invitation._id,
          invitation.email,
          invitation.role,
          invitation.invitedBy ?? '',
          invitation.expired ? 'expired' : formatDisplayTime(invitation.expiresAt),
        ]),
        context,
      ),
    );
  });
}

async function invite(context: Context, email: string, options: { role?: string }) {
  const input = validate(invitationCreateSchema, { a_email: email, role: options.role });
  const connection = await connect(context);
  const answer = await adminsSession(
    connection,
    'admins invite',
    await connection.api.admin.inviteAdministrator(input),
  );
  context.result({ status: true, id: answer.data?._id ?? null, data: answer.data }, () =>
    context.say(
      `${context.paint('green', '✔')} ${answer.message}: ${input.a_email} as ${input.role}`,
    ),
  );
}

async function changeRole(context: Context, admin: string, role: string) {
  const id = givenId(admin);
  const input = validate(roleChangeSchema, { role });
  const connection = await connect(context);
  const answer = await adminsSession(
    connection,
    'admins role',
    await connection.api.admin.changeAdministratorRole({ id, ...input }),
  );
  context.result({ status: true, id, data: answer.data }, () =>
    context.say(
      `${context.paint('green', '✔')} ${answer.message}: ${answer.data?.a_id ?? id} is ${input.role}`,
    ),
  );
}

async function setStatus(context: Context, admin: string, disable: boolean, yes?: boolean) {
  const id = givenId(admin);
  if (disable)
    await confirmDestructive(
      context,
      yes,
      `Disable administrator ${id} (their sessions and tokens end)`,
      wrongAnswerMessages.captchaNotCorrect,
    );
  const connection = await connect(context);
  const call = disable
    ? connection.api.admin.disableAdministrator
    : connection.api.admin.enableAdministrator;
  const answer = await adminsSession(
    connection,
    `admins ${disable ? 'disable' : 'enable'}`,
    await call({ id }),
  );
  context.result({ status: true, id, data: answer.data }, () =>
    context.say(`${context.paint('green', '✔')} ${answer.message}: ${answer.data?.a_id ?? id}`),
  );
}

const admins: Declare = (command, run) => {
  command
    .command('list')
    .description('the administrators with their roles, and the invitations waiting')
    .action(run(list));
  command
    .command('invite')
    .description('invite an administrator by email (a link and code are mailed)')
    .argument('<email>')
    .option('--role <role>', `${adminRoles.join(', ')} (default: editor)`)
    .action(run(invite));
  command
    .command('role')
    .description("change an administrator's role (owners only)")
    .argument('<id>')
    .argument('<role>', adminRoles.join(', '))
    .action(run(changeRole));
  command
    .command('disable')
    .description('disable an administrator: their sessions and tokens end at once')
    .argument('<id>')
    .option(...yesFlag)
    .action(run((context, id, options) => setStatus(context, id, true, options.yes)));
  command
    .command('enable')
    .description('enable a disabled administrator again (they sign in anew)')
    .argument('<id>')
    .action(run((context, id) => setStatus(context, id, false)));
};

export const commands = { admins };
