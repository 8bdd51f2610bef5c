// Mail goes over SMTP when SMTP_URL is set; otherwise each message is written to DATA_DIR/outbox/*.eml
// (and logged), so a reset link can be followed without a mail server.
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import nodemailer from 'nodemailer';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  /** An HTML alternative of `text` (notification e-mails send both). */
  html?: string;
  /** Extra headers, e.g. List-Unsubscribe. */
  headers?: Record<string, string>;
  /** A stable Message-ID (`<id@host>`): a retried notification e-mail is recognisably the same message. */
  messageId?: string;
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
}

export function createMailer(opts: { smtpUrl: string; from: string; dataDir: string; log: (msg: string) => void }): Mailer {
  if (opts.smtpUrl) {
    const transport = nodemailer.createTransport(opts.smtpUrl);
    return {
      async send(m) {
        await transport.sendMail({ from: opts.from, ...m });
      },
    };
  }
  const outbox = path.resolve(opts.dataDir, 'outbox');
  const builder = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    async send(m) {
      const info = await builder.sendMail({ from: opts.from, ...m });
      await mkdir(outbox, { recursive: true });
      const file = path.join(outbox, `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomUUID()}.eml`);
      await writeFile(file, info.message as Buffer, { mode: 0o600 });
      // Not the address (personal data) nor the body (a reset link): the file holds them.
      opts.log(`mail "${m.subject}" written to ${file}`);
    },
  };
}
