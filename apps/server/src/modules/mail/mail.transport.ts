import nodemailer from 'nodemailer';
import type { MailSender } from './mail.service.js';

/**
 * SMTP through nodemailer, from SMTP_URL (smtp://user:pass@host:587 upgrades with STARTTLS when the
 * relay offers it; smtps://…:465 is TLS from the start). A small pool keeps the connection between
 * mails of one run; short timeouts keep a silent relay from holding the job up.
 */
export function smtpSender(url: string, from: string): MailSender & { close(): void } {
  const transport = nodemailer.createTransport({
    url,
    pool: true,
    maxConnections: 2,
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 30_000,
  });
  return {
    async send({ to, subject, text, html }) {
      await transport.sendMail({ from, to, subject, text, ...(html !== null && { html }) });
    },
    close: () => transport.close(),
  };
}
