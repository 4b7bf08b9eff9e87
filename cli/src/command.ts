// What a command module is to program.ts: each `commands/<noun>.ts` declares its commands'
// arguments and flags with commander's typed options, beside the handlers they call.
import { InvalidArgumentError, type Command } from '@commander-js/extra-typings';
import type { Context } from './context.js';

/**
 * Wraps a handler for commander's `.action()`: the handler gets the run's context first, then
 * commander's arguments and options (typed by the declaration, so a handler that expects an
 * option the declaration lacks does not compile). Failures are reported and become the exit code.
 */
export type Run = <Args extends unknown[]>(
  handler: (context: Context, ...args: Args) => Promise<void>,
) => (...args: Args) => Promise<void>;

/** Declares one top-level command (the one program.ts made with its name and description). */
export type Declare = (command: Command, run: Run) => void;

export function wholeNumber(min: number, max = Number.MAX_SAFE_INTEGER) {
  return (value: string) => {
    const number = Number(value);
    if (!Number.isInteger(number) || number < min || number > max)
      throw new InvalidArgumentError(`expected a whole number from ${min} to ${max}`);
    return number;
  };
}

export function percent(value: string) {
  const number = Number(value);
  if (value.trim() === '' || !Number.isFinite(number) || number < 0 || number > 100)
    throw new InvalidArgumentError('expected a percentage from 0 to 100');
  return number;
}

/** The flag of every destructive command. */
export const yesFlag = [
  '-y, --yes',
  'do it without asking (required when not at a terminal)',
] as const;
