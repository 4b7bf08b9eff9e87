import { setTimeout as sleep } from 'node:timers/promises';
import { serverLoadBand, serverLoadPollMs, type ServerLoad } from '@dealdesk/core';
import { connect, type Connection } from '../connection.js';
import type { Context } from '../context.js';
import { CliError, exitCodes } from '../exit.js';
import { percent, wholeNumber, type Declare } from '../command.js';
import type { Paint } from '../terminal/paint.js';

interface LoadOptions {
  watch?: boolean;
  failAbove?: number;
  samples: number;
}

/** Readings averaged into one: a single reading is the CPU of one 200 ms window. */
const defaultSamples = 5;

const readings = [
  ['CPU', 'cpuLoad'],
  ['RAM', 'ramUsage'],
  ['Storage', 'storageUsage'],
] as const satisfies readonly (readonly [string, keyof ServerLoad])[];

const meterWidth = 20;

/** `CPU      [########------------]  42.0%`, coloured by the spec's band. */
export function renderLoad(load: ServerLoad, paint: Paint): string[] {
  return readings.map(([label, key]) => {
    const value = load[key];
    const filled = Math.round((Math.min(Math.max(value, 0), 100) / 100) * meterWidth);
    const meter = `${'#'.repeat(filled)}${'-'.repeat(meterWidth - filled)}`;
    return `${label.padEnd(8)} [${paint(serverLoadBand(value), meter)}] ${paint(serverLoadBand(value), `${value.toFixed(1).padStart(5)}%`)}`;
  });
}

/** The readings above the threshold, as `CPU 91.0%`. */
export function readingsAbove(load: ServerLoad, threshold: number | undefined): string[] {
  if (threshold === undefined) return [];
  return readings
    .filter(([, key]) => load[key] > threshold)
    .map(([label, key]) => `${label} ${load[key].toFixed(1)}%`);
}

/** The mean of `samples` readings taken one after another. */
async function measure(connection: Connection, samples: number): Promise<ServerLoad> {
  const sum: ServerLoad = { cpuLoad: 0, ramUsage: 0, storageUsage: 0 };
  for (let taken = 0; taken < samples; taken += 1) {
    const answer = connection.check(await connection.api.system.serverLoad());
    for (const [, key] of readings) sum[key] += answer[key] ?? 0;
  }
  for (const [, key] of readings) sum[key] /= samples;
  return sum;
}

function alarm(above: string[], threshold: number | undefined, context: Context): void {
  if (above.length === 0) return;
  context.note(context.paintErr('red', `✖ Above ${threshold}%: ${above.join(', ')}`));
  // Apart from 1: a script tells "the load is high" from "the server could not be asked".
  context.exitWith(exitCodes.aboveThreshold);
}

async function once(connection: Connection, options: LoadOptions, context: Context) {
  const load = await measure(connection, options.samples);
  const above = readingsAbove(load, options.failAbove);
  context.result({ status: true, ...load, above }, () =>
    context.say(renderLoad(load, context.paint).join('\n')),
  );
  alarm(above, options.failAbove, context);
}

/**
 * Polls every 2 s until Ctrl+C (exit 0) or, with --fail-above, until a reading goes above
 * (exit 5). A failed poll is shown and polling goes on, as the web strip does; a refused
 * session ends the watch.
 */
async function watch(connection: Connection, options: LoadOptions, context: Context) {
  const stop = new AbortController();
  const interrupt = () => stop.abort();
  process.once('SIGINT', interrupt);
  const { stdout } = context.streams;
  const redraw = !context.json && stdout.isTTY === true;
  let drawn = 0;
  try {
    while (!stop.signal.aborted) {
      try {
        const load = await measure(connection, options.samples);
        const above = readingsAbove(load, options.failAbove);
        if (context.json)
          stdout.write(
            `${JSON.stringify({ status: true, at: new Date().toISOString(), ...load, above })}\n`,
          );
        else {
          const lines = [
            ...renderLoad(load, context.paint),
            context.paint(
              'dim',
              `${new Date().toLocaleTimeString(undefined, { timeZoneName: 'short' })}  Ctrl+C to stop`,
            ),
          ];
          // Back over the previous reading, so the three meters update in place.
          if (redraw && drawn > 0) stdout.write(`\u001b[${drawn}A\u001b[0J`);
          context.say(lines.join('\n'));
          drawn = lines.length;
        }
        if (above.length > 0) return alarm(above, options.failAbove, context);
      } catch (error) {
        if (error instanceof CliError && error.exitCode === exitCodes.authentication) throw error;
        context.note(
          context.paintErr('yellow', error instanceof Error ? error.message : String(error)),
        );
        drawn = 0;
      }
      await sleep(serverLoadPollMs, undefined, { signal: stop.signal }).catch(() => {});
    }
  } finally {
    process.removeListener('SIGINT', interrupt);
  }
}

async function showLoad(context: Context, options: LoadOptions) {
  const connection = await connect(context);
  await (options.watch === true ? watch : once)(connection, options, context);
}

const load: Declare = (command, run) =>
  command
    .option('-w, --watch', 'refresh every 2 s until interrupted')
    .option(
      '--fail-above <percent>',
      'exit 5 when any value (the mean of --samples readings) is above this',
      percent,
    )
    .option(
      '--samples <n>',
      'readings averaged into each value shown',
      wholeNumber(1, 50),
      defaultSamples,
    )
    .action(run(showLoad));

export const commands = { load };
