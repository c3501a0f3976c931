import type { Generated } from 'kysely';

// The tables the mail module owns.

/** Every mail, written where it was caused and sent by the mail-send job (modules/mail). */
export interface MailOutboxTable {
  id: Generated<number>;
  to_address: string;
  /** en, zh, es or ja: the language it was written in */
  lang: string;
  subject: string;
  text: string;
  html: string | null;
  /** what made it ('faultOpened', …) */
  template: string;
  /** queued → sent, or failed after the last attempt; stored: no SMTP relay configured, kept for an administrator */
  status: 'queued' | 'sent' | 'failed' | 'stored';
  attempts: Generated<number>;
  /** a queued mail's next try (epoch ms) */
  next_attempt_at: number | null;
  last_error: string | null;
  created_at: number;
  sent_at: number | null;
}

declare module '../../db/database.js' {
  interface Database {
    mail_outbox: MailOutboxTable;
  }
}
