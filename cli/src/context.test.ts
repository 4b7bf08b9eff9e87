import { EventEmitter } from 'node:events';
import { describe, expect, it, vi } from 'vitest';
import { endQuietlyOnClosedPipe } from './context.js';

const failure = (code: string) => Object.assign(new Error(code), { code });

describe('a closed pipe', () => {
  it('ends the run with exit 0 on EPIPE, and leaves other stream errors alone', () => {
    const stdout = new EventEmitter();
    const exit = vi.fn();
    endQuietlyOnClosedPipe([stdout], exit);
    stdout.emit('error', failure('EPIPE'));
    expect(exit).toHaveBeenCalledWith(0);
    expect(() => stdout.emit('error', failure('EIO'))).toThrow('EIO');
    expect(exit).toHaveBeenCalledTimes(1);
  });
});
