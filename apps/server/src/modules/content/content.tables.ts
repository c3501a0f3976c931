import type { Generated } from 'kysely';

// The tables the content module owns.

/** Issue 21: help-center content (contact us, user guide, policy, FAQs); HTML stored sanitised. */
export interface ContentItemsTable {
  id: Generated<number>;
  kind: string;
  lang: string;
  title: string;
  content: string;
  media_type: string;
  sort_order: number;
  status: string;
  updated_by: number | null;
  created_at: number;
  updated_at: number;
}

export interface ContactMessagesTable {
  id: Generated<number>;
  name: string;
  email: string;
  phone: string | null;
  message: string;
  lang: string;
  status: string;
  answer: string | null;
  answered_by: number | null;
  answered_at: number | null;
  created_at: number;
}

declare module '../../db/database.js' {
  interface Database {
    content_items: ContentItemsTable;
    contact_messages: ContactMessagesTable;
  }
}
