#!/usr/bin/env node
import { endOnOutputFailure } from './context.js';
import { run } from './program.js';

endOnOutputFailure(process);

process.exitCode = await run(process.argv);
