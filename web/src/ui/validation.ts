/** What a field shows for its error: a red mark for the summarised message, else the text. */
export function markOf(message: string | undefined, summary: string): string | boolean {
  return message === summary ? true : (message ?? false);
}
