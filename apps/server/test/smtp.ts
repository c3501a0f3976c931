import type { AddressInfo } from 'node:net';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';

/** A local SMTP server started by a test: every mail it accepts, parsed. */
export interface TestSmtp {
  port: number;
  url: string;
  received: ParsedMail[];
  /** The mails received for `address`. */
  mailsTo(address: string): ParsedMail[];
  close(): Promise<void>;
}

/** Plain SMTP without a password on 127.0.0.1 and a free port. */
export async function startSmtp(): Promise<TestSmtp> {
  const received: ParsedMail[] = [];
  const smtp = new SMTPServer({
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, _session, cb) {
      simpleParser(stream).then(
        (mail) => {
          received.push(mail);
          cb();
        },
        (err: Error) => cb(err),
      );
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  const port = (smtp.server.address() as AddressInfo).port;
  return {
    port,
    url: `smtp://127.0.0.1:${port}`,
    received,
    mailsTo: (address) => received.filter((m) => m.to && !Array.isArray(m.to) && m.to.text === address),
    close: () => new Promise<void>((resolve) => smtp.close(() => resolve())),
  };
}

/** Polls `probe` until it answers something other than undefined. */
export async function until<T>(
  what: string,
  probe: () => Promise<T | undefined> | T | undefined,
  timeoutMs = 10_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const found = await probe();
    if (found !== undefined) return found;
    if (Date.now() > deadline) throw new Error(`${what}: not within ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 50));
  }
}
