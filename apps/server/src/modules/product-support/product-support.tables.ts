import type { Generated } from 'kysely';

// The tables the product-support module owns.

export interface ProductDocumentsTable {
  id: Generated<number>;
  product_id: number;
  doc_type: string;
  file_name: string;
  /** relative to DATA_DIR/files/products: the file's SHA-256 */
  file_path: string;
  mime: string;
  size: number;
  created_at: number;
}

export interface ProductReleasesTable {
  id: Generated<number>;
  product_id: number;
  version: string;
  /** per-language JSON: {"en": "…", "zh": "…"} */
  content: string;
  created_at: number;
}

export interface ProductProblemsTable {
  id: Generated<number>;
  product_id: number;
  title: string;
  description: string;
  status: string;
  answer: string | null;
  faq_id: number | null;
  created_by: number | null;
  created_at: number;
  answered_at: number | null;
}

export interface ProblemPicturesTable {
  id: Generated<number>;
  problem_id: number;
  file_path: string;
  mime: string;
  size: number;
  created_at: number;
}

declare module '../../db/database.js' {
  interface Database {
    product_documents: ProductDocumentsTable;
    product_releases: ProductReleasesTable;
    product_problems: ProductProblemsTable;
    problem_pictures: ProblemPicturesTable;
  }
}
