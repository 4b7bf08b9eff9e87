// A real SMTP server for tests (the `smtp-server` package) that keeps what it receives.
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export interface CapturedMail {
  to: string[];
  /** The whole RFC 822 message as received. */
  raw: string;
  /** The message body (after the headers). */
  body: string;
}

export interface SmtpCapture {
  url: string;
  /** The next message to this address not taken yet, waiting for it if needed. */
  nextMail(to: string, timeoutMs?: number): Promise<CapturedMail>;
  close(): Promise<void>;
}

export async function startSmtpCapture(): Promise<SmtpCapture> {
  const unread: CapturedMail[] = [];
  const waiting: { to: string; resolve: (mail: CapturedMail) => void }[] = [];

  const deliver = (mail: CapturedMail) => {
    const waiter = waiting.findIndex((entry) => mail.to.includes(entry.to));
    if (waiter === -1) unread.push(mail);
    else waiting.splice(waiter, 1)[0]?.resolve(mail);
  };

  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        const headerEnd = raw.indexOf('\r\n\r\n');
        deliver({
          to: session.envelope.rcptTo.map((recipient) => recipient.address.toLowerCase()),
          raw,
          body: headerEnd === -1 ? raw : raw.slice(headerEnd + 4),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;

  return {
    url: `smtp://127.0.0.1:${port}`,
    nextMail(to, timeoutMs = 5_000) {
      const address = to.toLowerCase();
      const index = unread.findIndex((mail) => mail.to.includes(address));
      if (index !== -1) return Promise.resolve(unread.splice(index, 1)[0] as CapturedMail);
      return new Promise((resolve, reject) => {
        const timer = setTimeout(
          () => reject(new Error(`no mail to ${to} within ${timeoutMs} ms`)),
          timeoutMs,
        );
        waiting.push({
          to: address,
          resolve: (mail) => {
            clearTimeout(timer);
            resolve(mail);
          },
        });
      });
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/** The six-digit code in the text of a sign-in or reset mail ("... is 123456."). */
export function codeIn(text: string): string {
  const code = / is (\d{6})\./.exec(text)?.[1];
  if (code === undefined) throw new Error(`no code in mail: ${text}`);
  return code;
}
