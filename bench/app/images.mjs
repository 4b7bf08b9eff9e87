// Images sized for the screen (not a load test): photo-like 1200 × 800 JPEGs in the built
// server's media folder, asked as /media/<name>?w=320. Measured: the variants' bytes beside the
// original's (goal: WebP ≤ 15 %), the server's CPU time to make a first variant (goal ≤ 150 ms,
// the mean over `photos` originals: /proc counts in 10 ms ticks), and its CPU time per answer
// for a kept variant beside the original itself (goal: ratio ≤ 1). Also sharp's AVIF efforts in
// this process, the reason for the encoder setting. Fails when a goal is missed. Build first (`node_modules/.bin/tsc -b`),
// then `node bench/app/images.mjs`.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import {
  benchEnvironment,
  cpuMeter,
  machine,
  report,
  round,
  startServerProcess,
  waitUntilIdle,
} from '../lib.mjs';

const photos = 20;
const answers = 1_000;
const inFlight = 8;
const goals = { webpShare: 0.15, firstMakeMs: 150, keptPerOriginal: 1 };

/** A 1200 × 800 photo-like JPEG: gradients with noise, different for each seed. */
function photo(seed) {
  const [width, height] = [1200, 800];
  const pixels = Buffer.alloc(width * height * 3);
  let state = seed;
  for (let at = 0; at < pixels.length; at += 3) {
    state = (state * 1_103_515_245 + 12_345) % 2 ** 31;
    const [x, y, noise] = [(at / 3) % width, Math.floor(at / 3 / width), state % 40];
    pixels[at] = (x * 200) / width + noise;
    pixels[at + 1] = (y * 200) / height + noise + seed;
    pixels[at + 2] = ((x + y + seed * 7) % 200) + noise;
  }
  return sharp(pixels, { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 90 })
    .toBuffer();
}

const bytesOf = async (url, accept) => {
  const answer = await fetch(url, { headers: { accept } });
  if (answer.status !== 200) throw new Error(`${url}: ${answer.status}`);
  return Buffer.from(await answer.arrayBuffer());
};

/** The server's CPU milliseconds per answer over `count` asks of one URL, `inFlight` at once. */
async function cpuPerAnswer(pid, url, accept) {
  await bytesOf(url, accept);
  const spent = cpuMeter(pid);
  let next = 0;
  await Promise.all(
    Array.from({ length: inFlight }, async () => {
      while (next++ < answers) await bytesOf(url, accept);
    }),
  );
  return (spent() * 1_000) / answers;
}

/** Mean CPU milliseconds of sharp here resizing to 320 wide in AVIF at each effort. */
async function avifEfforts(original) {
  const efforts = {};
  for (const effort of [0, 2, 4]) {
    const before = process.cpuUsage();
    for (let turn = 0; turn < 3; turn++)
      await sharp(original).resize({ width: 320 }).avif({ quality: 50, effort }).toBuffer();
    const { user, system } = process.cpuUsage(before);
    efforts[`effort ${effort}`] = round((user + system) / 1_000 / 3);
  }
  return efforts;
}

async function main() {
  const env = { ...benchEnvironment('images'), NODE_ENV: 'production' };
  const media = join(env.DEALDESK_DATA_DIR, 'media');
  const server = await startServerProcess(env);
  try {
    const originals = await Promise.all(Array.from({ length: photos }, (_, at) => photo(at + 1)));
    originals.forEach((bytes, at) => writeFileSync(join(media, `photo${at}.jpg`), bytes));
    await waitUntilIdle(server.pid);
    const link = (at) => `${server.url}/media/photo${at}.jpg`;

    const firstMake = {};
    const shares = {};
    for (const [format, accept] of [
      ['webp', 'image/webp'],
      ['avif', 'image/avif'],
      ['jpeg', 'image/jpeg'],
    ]) {
      const spent = cpuMeter(server.pid);
      let sent = 0;
      for (let at = 0; at < photos; at++)
        sent += (await bytesOf(`${link(at)}?w=320`, accept)).length;
      firstMake[format] = round((spent() * 1_000) / photos);
      const original = originals.reduce((total, bytes) => total + bytes.length, 0);
      shares[format] = round(sent / original, 3);
    }

    const keptMs = await cpuPerAnswer(server.pid, `${link(0)}?w=320`, 'image/webp');
    const originalMs = await cpuPerAnswer(server.pid, link(0), 'image/webp');
    const ratio = round(keptMs / originalMs, 2);
    const result = {
      machine: machine(),
      originalBytes: Math.round(originals.reduce((total, b) => total + b.length, 0) / photos),
      'w=320 bytes / original': {
        ...shares,
        goal: `webp ≤ ${goals.webpShare}`,
        met: shares.webp <= goals.webpShare,
      },
      'first variant, server CPU ms (mean)': {
        ...firstMake,
        goal: `webp ≤ ${goals.firstMakeMs}`,
        met: firstMake.webp <= goals.firstMakeMs,
      },
      'server CPU ms per answer': {
        keptVariant: round(keptMs, 3),
        original: round(originalMs, 3),
        ratio,
        goal: `ratio ≤ ${goals.keptPerOriginal}`,
        met: ratio <= goals.keptPerOriginal,
      },
      'sharp AVIF at w=320, CPU ms in this process': await avifEfforts(originals[0]),
    };
    report('images', result);
    if (Object.values(result).some((part) => part.met === false)) process.exitCode = 1;
  } finally {
    await server.stop();
  }
}

await main();
