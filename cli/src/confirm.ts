import { input } from '@inquirer/prompts';
import { checkCaptcha, createCaptcha } from '@dealdesk/core';
import type { Context } from './context.js';
import { CliError, usageError } from './exit.js';

/**
 * Destructive commands: `--yes` goes ahead; at a terminal the admin answers the same math
 * question the web app asks; a script without `--yes` is refused (exit 2), so a mistyped
 * cron line never deletes anything.
 */
export async function confirmDestructive(
  context: Context,
  yes: boolean | undefined,
  action: string,
  wrongAnswerMessage: string,
): Promise<void> {
  if (yes === true) return;
  if (!context.interactive)
    throw usageError(`Refusing to ${action} without --yes (not at a terminal)`);
  const captcha = createCaptcha();
  const answer = await input({ message: `${action}? To confirm: ${captcha.question}` });
  if (!checkCaptcha(captcha, answer)) throw new CliError(wrongAnswerMessage);
}
