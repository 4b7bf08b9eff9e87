// Outgoing mail. With SMTP_URL: real delivery through nodemailer. Without: the message is
// printed on the console and written to <data dir>/outbox/ as one RFC 822 .eml file.
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import nodemailer from 'nodemailer';
import { newId } from '../../ids.js';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
  close(): void;
}

export interface MailSettings {
  smtpUrl: string | null;
  from: string;
  outboxDir: string;
  /** Where the console copy goes (the terminal in production, a list in tests). */
  print: (text: string) => void;
}

export function createMailer(settings: MailSettings): Mailer {
  if (settings.smtpUrl !== null) {
    const transport = nodemailer.createTransport(settings.smtpUrl);
    return {
      async send(message) {
        await transport.sendMail({ from: settings.from, ...message });
      },
      close: () => transport.close(),
    };
  }
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true });
  return {
    async send(message) {
      const { message: raw } = await transport.sendMail({ from: settings.from, ...message });
      await mkdir(settings.outboxDir, { recursive: true });
      const file = join(settings.outboxDir, `${newId()}.eml`);
      await writeFile(file, raw);
      settings.print(
        `[mail] To: ${message.to}\n[mail] Subject: ${message.subject}\n${message.text}\n[mail] saved as ${file}`,
      );
    },
    close: () => transport.close(),
  };
}

/** The mailer with every send counted by outcome (GET /metrics). */
export function countedMail(mailer: Mailer, metrics: { mail(ok: boolean): void }): Mailer {
  return {
    async send(message) {
      try {
        await mailer.send(message);
        metrics.mail(true);
      } catch (error) {
        metrics.mail(false);
        throw error;
      }
    },
    close: () => mailer.close(),
  };
}
