// Colours as plain ANSI codes: no dependency, and the same output on every Node 20+ version.

const styles = {
  bold: [1, 22],
  dim: [2, 22],
  red: [31, 39],
  green: [32, 39],
  yellow: [33, 39],
  cyan: [36, 39],
} as const;
export type Style = keyof typeof styles;

export type Paint = (style: Style, text: string) => string;

export const plain: Paint = (_style, text) => text;

export const ansi: Paint = (style, text) => {
  const [open, close] = styles[style];
  return `\u001b[${open}m${text}\u001b[${close}m`;
};

/**
 * Colour only for a person at a terminal: never with --no-color or NO_COLOR (no-color.org),
 * always with FORCE_COLOR (other than 0), otherwise when the stream is a terminal.
 */
export function wantsColour(
  stream: { isTTY?: boolean },
  env: NodeJS.ProcessEnv,
  colourFlag: boolean,
): boolean {
  if (!colourFlag || (env['NO_COLOR'] ?? '') !== '') return false;
  const force = env['FORCE_COLOR'];
  if (force !== undefined && force !== '') return force !== '0';
  return stream.isTTY === true;
}
