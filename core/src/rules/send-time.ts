// A notification's send time must lie ahead: one in the past would go out at once to every app
// user, which is never what a typed date meant. A minute of grace lets "now" filled in by hand
// (or a clock a little ahead of the server's) still count as now.
export const sendTimeGraceMs = 60_000;

export const sendTimeInPastMessage =
  'The send time is in the past. Choose a later time, or leave it empty to send now.';

/** The message when `sendAt` (an ISO instant) is too far in the past at `now`, else null. */
export function sendTimeProblem(sendAt: string | undefined, now: Date): string | null {
  if (sendAt === undefined || sendAt === '') return null;
  const due = new Date(sendAt).getTime();
  if (Number.isNaN(due)) return null; // the schema names a malformed time
  return due < now.getTime() - sendTimeGraceMs ? sendTimeInPastMessage : null;
}
