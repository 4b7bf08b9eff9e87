// Exit codes are part of the CLI's contract with scripts (cli/README.md, "Exit codes").
export const exitCodes = {
  ok: 0,
  /** The call or one of the items failed (server refused, unreachable, partial failure). */
  failed: 1,
  /** Bad command line or input refused before anything was sent. */
  usage: 2,
  /** Not signed in, expired or revoked session or token, API key refused. */
  authentication: 3,
  /**
   * A write was sent and its answer never arrived (or could not be read): it may have been
   * applied. Re-running is safe where the command says so.
   */
  unknown: 4,
  /** `load --fail-above`: a reading is above the threshold (the server answered). */
  aboveThreshold: 5,
  /** Ctrl+C at a prompt or during --watch: the shell's convention for SIGINT. */
  interrupted: 130,
} as const;
export type ExitCode = (typeof exitCodes)[keyof typeof exitCodes];

/** A failure the CLI explains in one line and ends with its exit code. */
export class CliError extends Error {
  constructor(
    message: string,
    readonly exitCode: ExitCode = exitCodes.failed,
  ) {
    super(message);
    this.name = 'CliError';
  }
}

export const usageError = (message: string) => new CliError(message, exitCodes.usage);
