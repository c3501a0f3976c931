import { createHash } from 'node:crypto';
import type { DocumentType } from '@pv/contract';
import type { Kysely } from 'kysely';
import type { FileStore } from '../../lib/file-store.js';
import type { Database } from '../database.js';
import { CATALOGUE, type CatalogueProduct } from './catalogue.js';
import { seedDemoFirmware } from './firmware.js';

/** The documents of each demo product: every product's datasheet, the inverter's manual, the logger's guide. */
const DOCUMENTS: {
  code: string;
  type: DocumentType;
  file: (p: CatalogueProduct) => string;
  /** Its writer in documents.ts (loaded, and pdfkit with it, only when the demo seeds the documents). */
  pdf: 'datasheetPdf' | 'userManualPdf' | 'installationGuidePdf';
}[] = [
  { code: 'SW5K', type: 'datasheet', file: (p) => `${p.code}_datasheet.pdf`, pdf: 'datasheetPdf' },
  { code: 'SW5K', type: 'userManual', file: (p) => `${p.code}_user_manual.pdf`, pdf: 'userManualPdf' },
  { code: 'LB100', type: 'datasheet', file: (p) => `${p.code}_datasheet.pdf`, pdf: 'datasheetPdf' },
  {
    code: 'LB100',
    type: 'installationGuide',
    file: (p) => `${p.code}_quick_installation_guide.pdf`,
    pdf: 'installationGuidePdf',
  },
  { code: 'PC10', type: 'datasheet', file: (p) => `${p.code}_datasheet.pdf`, pdf: 'datasheetPdf' },
  { code: 'GE3P', type: 'datasheet', file: (p) => `${p.code}_datasheet.pdf`, pdf: 'datasheetPdf' },
];

/**
 * The demo's product support (DEMO on; runs once): each product's documents (real PDFs with the
 * catalogue's figures), its firmware versions with their release notes and the devices' OTA
 * history (seedDemoFirmware), and product problems, one answered.
 */
export async function seedDemoProductSupport(db: Kysely<Database>, files: FileStore, now = Date.now()): Promise<void> {
  const any = await db.selectFrom('product_documents').select('id').limit(1).executeTakeFirst();
  if (any) return;
  const products = await db.selectFrom('products').select(['id', 'code', 'name']).execute();
  const byCode = (code: string) => products.find((p) => p.code === code);
  const inverter = byCode('SW5K');
  const logger = byCode('LB100');
  if (!inverter || !logger) return;
  const created = new Date(now);
  const writers = await import('./documents.js');
  for (const d of DOCUMENTS) {
    const row = byCode(d.code);
    const product = CATALOGUE.find((p) => p.code === d.code);
    if (!row || !product) continue;
    const bytes = writers[d.pdf](product, created);
    const sha = createHash('sha256').update(bytes).digest('hex');
    await files.putBuffer('products', sha, bytes, 'application/pdf');
    await db
      .insertInto('product_documents')
      .values({
        product_id: row.id,
        doc_type: d.type,
        file_name: d.file(product),
        file_path: sha,
        mime: 'application/pdf',
        size: bytes.length,
        created_at: now,
      })
      .execute();
  }
  await seedDemoFirmware(db, files);
  const admin = await db.selectFrom('users').select('id').where('login_name', '=', 'admin').executeTakeFirst();
  const faq = await db
    .selectFrom('content_items')
    .select('id')
    .where('kind', '=', 'faqs')
    .where('lang', '=', 'en')
    .orderBy('sort_order')
    .executeTakeFirst();
  await db
    .insertInto('product_problems')
    .values([
      {
        product_id: inverter.id,
        title: 'Inverter shows offline after a router change',
        description: 'We replaced the site router; since then the plant shows offline.',
        status: 'answered',
        answer:
          'Join the collector to the new Wi-Fi with the installer app; it reconnects and uploads what it buffered.',
        faq_id: faq?.id ?? null,
        created_by: admin?.id ?? null,
        created_at: now - 2 * 86_400_000,
        answered_at: now - 86_400_000,
      },
      {
        product_id: logger.id,
        title: 'Logger LED blinks red',
        description: 'The status LED blinks red twice every few seconds.',
        status: 'open',
        answer: null,
        faq_id: null,
        created_by: admin?.id ?? null,
        created_at: now - 3_600_000,
        answered_at: null,
      },
    ])
    .execute();
}
