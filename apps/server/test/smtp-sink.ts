// A real SMTP server for tests (smtp-server, from the npm registry) on 127.0.0.1 at a random port: it keeps every
// message it accepts, and can be told to refuse (4xx at RCPT TO, as a server in trouble answers) or to close.
import { SMTPServer, type SMTPServerOptions } from 'smtp-server';
import type { AddressInfo } from 'node:net';

export interface ReceivedMail {
  to: string[];
  raw: string;
  /** Headers, unfolded, by lower-case name (the first of each). */
  headers: Map<string, string>;
  text: string;
  html: string;
}

export interface SmtpSink {
  url: string;
  port: number;
  mails: ReceivedMail[];
  /** RCPT TO answered with 451 while true: every delivery attempt fails, and is counted. */
  refusing: boolean;
  refused: number;
  /** The addresses refused, one entry per refusal. */
  refusedTo: string[];
  /** RCPT TO gets no answer while true (a server that hangs): the sender waits mid-conversation. */
  stalling: boolean;
  stalled: number;
  mailsTo(address: string): ReceivedMail[];
  waitFor(predicate: () => boolean, timeoutMs?: number, what?: string): Promise<void>;
  close(): Promise<void>;
}

function decodeQuotedPrintable(s: string): string {
  const bytes = s.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/gi, (_, h: string) => String.fromCharCode(parseInt(h, 16)));
  return Buffer.from(bytes, 'latin1').toString('utf8');
}

/** The text/plain and text/html parts of a (multipart/alternative) message, decoded. */
function parts(raw: string): { text: string; html: string } {
  const out = { text: '', html: '' };
  const chunks = raw.split(/\r?\n--[^\r\n]+/);
  for (const chunk of chunks) {
    const m = /^[\s\S]*?Content-Type: text\/(plain|html)[^\r\n]*\r?\n([\s\S]*?)\r?\n\r?\n([\s\S]*)$/i.exec(chunk);
    if (!m) continue;
    const headerBlock = m[2];
    let body = m[3];
    if (/Content-Transfer-Encoding: quoted-printable/i.test(chunk.slice(0, chunk.indexOf(body)))) body = decodeQuotedPrintable(body);
    else if (/Content-Transfer-Encoding: base64/i.test(chunk.slice(0, chunk.indexOf(body)))) body = Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
    void headerBlock;
    if (m[1].toLowerCase() === 'plain') out.text = body.replace(/\r\n/g, '\n');
    else out.html = body.replace(/\r\n/g, '\n');
  }
  return out;
}

function headersOf(raw: string): Map<string, string> {
  const head = raw.split(/\r?\n\r?\n/)[0].replace(/\r?\n[ \t]+/g, ' ');
  const map = new Map<string, string>();
  for (const line of head.split(/\r?\n/)) {
    const i = line.indexOf(':');
    if (i > 0 && !map.has(line.slice(0, i).toLowerCase())) map.set(line.slice(0, i).toLowerCase(), line.slice(i + 1).trim());
  }
  return map;
}

export async function startSmtpSink(port = 0): Promise<SmtpSink> {
  const sink = {
    mails: [] as ReceivedMail[],
    refusing: false,
    refused: 0,
    refusedTo: [] as string[],
    stalling: false,
    stalled: 0,
  } as SmtpSink;
  const options: SMTPServerOptions = {
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    closeTimeout: 1000, // close() ends connections still open (a stalled one) after 1 s
    onRcptTo(address, _session, cb) {
      if (sink.stalling) {
        sink.stalled++;
        return; // never answered
      }
      if (sink.refusing) {
        sink.refused++;
        sink.refusedTo.push(address.address);
        const err = new Error('Mailbox busy, try again later') as Error & { responseCode: number };
        err.responseCode = 451;
        return cb(err);
      }
      cb();
    },
    onData(stream, session, cb) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        sink.mails.push({ to: session.envelope.rcptTo.map((r) => r.address), raw, headers: headersOf(raw), ...parts(raw) });
        cb();
      });
    },
  };
  const server = new SMTPServer(options);
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve());
  });
  server.on('error', () => {});
  const addr = (server as unknown as { server: { address(): AddressInfo } }).server.address();
  sink.port = addr.port;
  sink.url = `smtp://127.0.0.1:${addr.port}`;
  sink.mailsTo = (address) => sink.mails.filter((m) => m.to.includes(address));
  sink.waitFor = async (predicate, timeoutMs = 10_000, what = 'a condition') => {
    const deadline = Date.now() + timeoutMs;
    while (!predicate()) {
      if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
      await new Promise((r) => setTimeout(r, 50));
    }
  };
  sink.close = () => new Promise<void>((resolve) => server.close(() => resolve()));
  return sink;
}
