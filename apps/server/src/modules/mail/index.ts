import type { AppConfig } from '../../config.js';
import { defineModule } from '../../lib/module.js';
import { mailRoutes } from './mail.routes.js';
import { deliverDue, pruneOutbox, type Outbox } from './mail.service.js';
import { smtpSender } from './mail.transport.js';

/** How the outbox writes mails under this configuration: queued for the relay, or stored without one. */
export const outboxOf = (config: AppConfig): Outbox => ({ sending: config.smtpUrl !== undefined, brand: config.brand });

/**
 * Mail: every mail is written to the outbox (mail_outbox) in the transaction of what caused it,
 * and the mail-send job sends what is due through SMTP_URL, once per period across the server
 * processes, retrying with a growing wait. Without SMTP_URL mails stay in the outbox as 'stored'.
 */
export const mailModule = defineModule({
  name: 'mail',
  routes: async (app) => {
    await app.register(mailRoutes);
  },
  jobs: [
    // mails no longer queued are kept MAIL_RETENTION_MS (90 days)
    {
      name: 'mail-prune',
      periodMs: 3_600_000,
      start:
        (app) =>
        async ({ now }) => {
          const removed = await pruneOutbox(app.db, now);
          if (removed) app.log.info({ removed }, 'mail outbox pruned');
        },
    },
    {
      name: 'mail-send',
      periodMs: 5_000,
      enabled: (config) => config.smtpUrl !== undefined,
      start: (app, periodMs) => {
        const sender = smtpSender(app.config.smtpUrl!, app.config.mailFrom);
        app.addHook('onClose', async () => sender.close());
        return async ({ now }) => {
          // the waits between tries grow from the job's period (tests shorten it)
          const { sent, failed } = await deliverDue(app.db, sender, { periodMs }, now);
          if (sent || failed) app.log.info({ sent, failed }, 'mail outbox');
        };
      },
    },
  ],
});

export { queueMail, renderMail, type MailBlock, type MailMessage, type MailText, type Outbox } from './mail.service.js';

/** The tables this module owns (their types; the declarations extend db/database.ts's Database). */
export type * from './mail.tables.js';
