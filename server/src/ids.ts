import { randomBytes, randomInt } from 'node:crypto';

// ObjectId layout: 4 bytes of seconds since the epoch, 5 random bytes fixed per process, and
// a 3-byte counter, so ids sort by creation time and never collide within a process.
const processPart = randomBytes(5).toString('hex');
let counter = randomInt(0x1000000);

/** A new id: 24 lowercase hex characters, time-ordered (ObjectId-compatible). */
export function newId(now: Date = new Date()): string {
  counter = (counter + 1) % 0x1000000;
  const seconds = Math.floor(now.getTime() / 1000);
  return (
    seconds.toString(16).padStart(8, '0') + processPart + counter.toString(16).padStart(6, '0')
  );
}
