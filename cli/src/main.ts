#!/usr/bin/env node
import { endQuietlyOnClosedPipe } from './context.js';
import { run } from './program.js';

endQuietlyOnClosedPipe([process.stdout, process.stderr]);

process.exitCode = await run(process.argv);
