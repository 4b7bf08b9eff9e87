// The CLI run in process against core's test server, which speaks the API's protocol (sealed
// bodies and answers): a command's output, exit code and the calls it made are checked without
// spawning the built CLI. Each test file that calls cliAgainstTestServer() gets its own server.
import {
  envelopeBody,
  startTestServer,
  type ReceivedCall,
  type TestServer,
} from '@dealdesk/core/testing';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import { runInProcess } from './in-process.js';

export const token = 'cron-token';

export function cliAgainstTestServer() {
  let server: TestServer | undefined;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server?.close());
  const started = () => {
    if (server === undefined) throw new Error('the test server starts before the tests');
    return server;
  };

  return {
    server: started,
    /** The last call's sealed body, opened. */
    lastBody: () => envelopeBody(started().lastCall(), started().secret),
    lastCall: (): ReceivedCall => started().lastCall(),
    /**
     * Runs `dealdesk ...args` with fake streams, `input` on stdin, a fresh config directory and
     * the server's settings in the environment (`env` adds or overrides); `terminal`: the
     * streams say they are a terminal (prompts, progress bars).
     */
    async dealdesk(args: string[], input = '', env: NodeJS.ProcessEnv = {}, terminal = false) {
      const { baseUrl, apiKey, secret } = started();
      const { code, stdout, stderr } = await runInProcess(
        args,
        {
          XDG_CONFIG_HOME: await mkdtemp(join(tmpdir(), 'dealdesk-cli-')),
          DEALDESK_URL: baseUrl,
          DEALDESK_API_KEY: apiKey,
          DEALDESK_SECRET: secret,
          DEALDESK_TOKEN: token,
          ...env,
        },
        input,
        terminal,
      );
      return { exitCode: code, stdout, stderr };
    },
  };
}
