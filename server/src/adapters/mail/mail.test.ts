import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSmtpCapture, type SmtpCapture } from '../../testing/smtp-capture.js';
import { createMailer } from './index.js';

const message = { to: 'Boss@Example.test', subject: 'Your code', text: 'Your code is 123456.\n' };

describe('mail adapter', () => {
  let dir: string;
  let smtp: SmtpCapture;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'dealdesk-mail-'));
    smtp = await startSmtpCapture();
  });
  afterAll(async () => {
    await smtp.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('without SMTP_URL prints the message and writes it to the outbox as an .eml file', async () => {
    const printed: string[] = [];
    const outboxDir = join(dir, 'outbox');
    const mailer = createMailer({
      smtpUrl: null,
      from: 'Dealdesk <dd@example.test>',
      outboxDir,
      print: (t) => printed.push(t),
    });
    await mailer.send(message);
    mailer.close();

    const files = await readdir(outboxDir);
    expect(files).toHaveLength(1);
    expect(files[0]).toMatch(/^[0-9a-f]{24}\.eml$/);
    const eml = await readFile(join(outboxDir, files[0] ?? ''), 'utf8');
    expect(eml).toMatch(/^From: Dealdesk <dd@example\.test>$/m);
    expect(eml).toMatch(/^To: boss@example\.test$/im);
    expect(eml).toMatch(/^Subject: Your code$/m);
    expect(eml).toContain('Your code is 123456.');
    expect(printed.join('\n')).toContain('Your code is 123456.');
    expect(printed.join('\n')).toContain(files[0]);
  });

  it('with SMTP_URL delivers to a real SMTP server', async () => {
    const mailer = createMailer({
      smtpUrl: smtp.url,
      from: 'dd@example.test',
      outboxDir: join(dir, 'unused'),
      print: () => {},
    });
    await mailer.send(message);
    mailer.close();
    const received = await smtp.nextMail('boss@example.test');
    expect(received.raw).toMatch(/^Subject: Your code$/m);
    expect(received.body).toContain('Your code is 123456.');
    await expect(readdir(join(dir, 'unused'))).rejects.toThrow();
  });

  it('reports a delivery failure to the caller', async () => {
    const mailer = createMailer({
      smtpUrl: 'smtp://127.0.0.1:1',
      from: 'dd@example.test',
      outboxDir: dir,
      print: () => {},
    });
    await expect(mailer.send(message)).rejects.toThrow();
    mailer.close();
  });
});
