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

/** A job's progress is logged at least this often when not at a terminal (a cron log). */
export const progressLogMs = 10_000;
/** …and each time another tenth of the job is done. */
const progressLogSteps = 10;

/** What a progress display needs of the run (a Context has it). */
export interface ProgressContext {
  interactive: boolean;
  streams: { stderr: NodeJS.WritableStream & { isTTY?: boolean } };
  paintErr: Paint;
}

/**
 * The progress of a long job (`long`: more than one call) on stderr: at a terminal a bar redrawn
 * in place; otherwise a line every 10 % of the job and every 10 s, so a cron log shows how far a
 * job got (`Progress: 12 of 40 (30%), 2 failed`). Nothing for a short job.
 */
export function progressOf(context: ProgressContext, total: number, long: boolean): Progress {
  if (!long) return { tick: () => {}, add: () => {}, done: () => {} };
  const stream = context.streams.stderr;
  const bar = context.interactive && stream.isTTY === true;
  const started = performance.now();
  let finished = 0;
  let failed = 0;
  let stepLogged = 0;
  const log = () => {
    const share = total === 0 ? 100 : Math.floor((finished * 100) / total);
    stream.write(
      `Progress: ${finished} of ${total} (${share}%)${failed > 0 ? `, ${failed} failed` : ''}\n`,
    );
  };
  const draw = () =>
    stream.write(
      `\r\u001b[2K${renderBar(finished, total, failed, context.paintErr, barWidth, performance.now() - started)}`,
    );
  // Not at a terminal: the timer logs a line when 10 s went by without one.
  let timer: NodeJS.Timeout | undefined;
  const restartTimer = () => {
    clearInterval(timer);
    timer = setInterval(log, progressLogMs);
    timer.unref();
  };
  if (bar) draw();
  else restartTimer();
  const add = (count: number, countFailed = 0) => {
    finished += count;
    failed += countFailed;
    if (bar) return draw();
    const step = total === 0 ? 0 : Math.floor((finished * progressLogSteps) / total);
    if (step <= stepLogged) return;
    stepLogged = step;
    log();
    restartTimer();
  };
  return {
    tick: (itemFailed = false) => add(1, itemFailed ? 1 : 0),
    add,
    done: () => {
      clearInterval(timer);
      if (bar) stream.write('\r\u001b[2K');
    },
  };
}
