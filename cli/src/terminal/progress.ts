import type { Paint } from './paint.js';

export interface Progress {
  /** One more item finished; `failed` paints the count of failures. */
  tick(failed?: boolean): void;
  /** Clears the bar, so the summary starts on a clean line. */
  done(): void;
}

const barWidth = 30;

/** `[#########---------] 12/40  2 failed`: what the bar shows after `finished` of `total`. */
export function renderBar(
  finished: number,
  total: number,
  failed: number,
  paint: Paint,
  width = barWidth,
): string {
  const filled = total === 0 ? width : Math.round((finished / total) * width);
  const bar = `${'#'.repeat(filled)}${'-'.repeat(width - filled)}`;
  const failures = failed > 0 ? `  ${paint('red', `${failed} failed`)}` : '';
  return `[${paint('cyan', bar)}] ${finished}/${total}${failures}`;
}

/** A bar redrawn in place on a terminal (stderr); nothing at all for scripts. */
export function progressBar(
  total: number,
  stream: NodeJS.WritableStream,
  paint: Paint,
  enabled: boolean,
): Progress {
  if (!enabled) return { tick: () => {}, done: () => {} };
  let finished = 0;
  let failed = 0;
  const draw = () => stream.write(`\r${renderBar(finished, total, failed, paint)}`);
  draw();
  return {
    tick: (itemFailed = false) => {
      finished += 1;
      if (itemFailed) failed += 1;
      draw();
    },
    done: () => stream.write('\r\u001b[2K'),
  };
}
