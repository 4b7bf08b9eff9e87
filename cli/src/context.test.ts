import { EventEmitter } from 'node:events';
import { PassThrough } from 'node:stream';
import { describe, expect, it, vi } from 'vitest';
import { endOnOutputFailure } from './context.js';

const failure = (code: string) => Object.assign(new Error(code), { code });

describe('output that cannot be written', () => {
  it('ends the run with exit 0 on EPIPE; any other failure is one line on stderr and exit 1', () => {
    const stdout = new EventEmitter();
    const stderr = new PassThrough();
    const exit = vi.fn();
    endOnOutputFailure({ stdout, stderr }, exit);
    stdout.emit('error', failure('EPIPE'));
    expect(exit).toHaveBeenLastCalledWith(0);
    stdout.emit('error', failure('ENOSPC'));
    expect(exit).toHaveBeenLastCalledWith(1);
    expect(String(stderr.read())).toBe(
      '✖ Cannot write to standard output (ENOSPC): the output is incomplete\n',
    );
  });
});
