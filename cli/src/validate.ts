import { usageError } from './exit.js';

/** What the CLI needs of a core zod schema (zod itself is the core's dependency, not ours). */
export interface Schema<Output> {
  safeParse(
    input: unknown,
  ):
    | { success: true; data: Output }
    | { success: false; error: { issues: readonly { message: string }[] } };
}

/**
 * Checks input with the core's schema before anything is sent, so the CLI refuses what the
 * server would, with the same message (exit code 2).
 */
export function validate<Output>(schema: Schema<Output>, input: unknown): Output {
  const parsed = schema.safeParse(input);
  if (parsed.success) return parsed.data;
  throw usageError(parsed.error.issues[0]?.message ?? 'Invalid input');
}
