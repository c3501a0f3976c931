import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppConfig } from '../../config.js';
import { mailRoutes } from './mail.routes.js';
import { deliverDue, pruneOutbox, type Outbox } from './mail.service.js';
import { smtpSender } from './mail.transport.js';

/** The module's periodic job and its default period (ms). */
export const MAIL_JOB_PERIODS = { 'mail-send': 5_000, 'mail-prune': 3_600_000 } as const;

/** How the outbox writes mails under this configuration: queued for the relay, or stored without one. */
export const outboxOf = (config: AppConfig): Outbox => ({ sending: config.smtpUrl !== undefined, brand: config.brand });

/**
 * Mail: every mail is written to the outbox (mail_outbox) in the transaction of what caused it,
 * and the mail-send job sends what is due through SMTP_URL, once per period across the server
 * processes, retrying with a growing wait. Without SMTP_URL mails stay in the outbox as 'stored'.
 */
export const mailModule: FastifyPluginAsyncZod<{ periodMs?: number }> = async (app, opts) => {
  await app.register(mailRoutes);
  // mails no longer queued are kept MAIL_RETENTION_MS (90 days)
  app.jobs.add({
    name: 'mail-prune',
    periodMs: MAIL_JOB_PERIODS['mail-prune'],
    run: async ({ now }) => {
      const removed = await pruneOutbox(app.db, now);
      if (removed) app.log.info({ removed }, 'mail outbox pruned');
    },
  });
  const { smtpUrl, mailFrom } = app.config;
  if (!smtpUrl) return;
  const sender = smtpSender(smtpUrl, mailFrom);
  app.addHook('onClose', async () => sender.close());
  app.jobs.add({
    name: 'mail-send',
    periodMs: MAIL_JOB_PERIODS['mail-send'],
    run: async ({ now }) => {
      // the waits between tries grow from the job's period (tests shorten it)
      const periodMs = opts.periodMs ?? MAIL_JOB_PERIODS['mail-send'];
      const { sent, failed } = await deliverDue(app.db, sender, { periodMs }, now);
      if (sent || failed) app.log.info({ sent, failed }, 'mail outbox');
    },
  });
};

export { queueMail, renderMail, type MailBlock, type MailMessage, type MailText, type Outbox } from './mail.service.js';
