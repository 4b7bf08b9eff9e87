import type { Paint } from './paint.js';

export interface Progress {
  /** One more item finished; `failed` paints the count of failures. */
  tick(failed?: boolean): void;
  /** `count` more items finished at once (a batch), `failed` of them failed. */
  add(count: number, failed?: number): void;
  /** Clears the bar, so the summary starts on a clean line. */
  done(): void;
}

const barWidth = 30;

/** `1:05` or `1:02:05`: the time left, rounded up to the second. */
export function formatEta(ms: number): string {
  const seconds = Math.ceil(ms / 1000);
  const [hours, minutes, rest] = [
    Math.floor(seconds / 3600),
    Math.floor(seconds / 60) % 60,
    seconds % 60,
  ];
  const pad = (value: number) => String(value).padStart(2, '0');
  return hours > 0 ? `${hours}:${pad(minutes)}:${pad(rest)}` : `${minutes}:${pad(rest)}`;
}

/**
 * `[#########---------] 12/40  2 failed  ETA 0:31`: what the bar shows after `finished` of
 * `total`; the ETA (when `elapsedMs` is given and something finished) assumes the pace so far.
 */
export function renderBar(
  finished: number,
  total: number,
  failed: number,
  paint: Paint,
  width = barWidth,
  elapsedMs?: number,
): string {
  const filled = total === 0 ? width : Math.round((finished / total) * width);
  const bar = `${'#'.repeat(filled)}${'-'.repeat(width - filled)}`;
  const failures = failed > 0 ? `  ${paint('red', `${failed} failed`)}` : '';
  const eta =
    elapsedMs !== undefined && finished > 0 && finished < total
      ? `  ETA ${formatEta((elapsedMs / finished) * (total - finished))}`
      : '';
  return `[${paint('cyan', bar)}] ${finished}/${total}${failures}${eta}`;
}

/** A bar redrawn in place on a terminal (stderr); nothing at all for scripts. */
export function progressBar(
  total: number,
  stream: NodeJS.WritableStream,
  paint: Paint,
  enabled: boolean,
): Progress {
  if (!enabled) return { tick: () => {}, add: () => {}, done: () => {} };
  const started = performance.now();
  let finished = 0;
  let failed = 0;
  const draw = () =>
    stream.write(
      `\r\u001b[2K${renderBar(finished, total, failed, paint, barWidth, performance.now() - started)}`,
    );
  draw();
  const add = (count: number, countFailed = 0) => {
    finished += count;
    failed += countFailed;
    draw();
  };
  return {
    tick: (itemFailed = false) => add(1, itemFailed ? 1 : 0),
    add,
    done: () => stream.write('\r\u001b[2K'),
  };
}
