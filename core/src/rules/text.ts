/** Ad names and ids are sent without any whitespace (spec: spaces are removed before sending). */
export function stripSpaces(text: string): string {
  return text.replace(/\s+/g, '');
}
