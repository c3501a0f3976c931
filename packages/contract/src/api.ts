import { z } from 'zod';

/** Every answer is {code, msg, data}; the HTTP status equals code (ARCHITECTURE §3). */
export const API_CODES = {
  OK: 200,
  BAD_REQUEST: 400,
  UNAUTHORIZED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  TOO_LARGE: 413,
  UNSUPPORTED_TYPE: 415,
  TOO_MANY: 429,
  SERVER_ERROR: 500,
} as const;

export interface Envelope<T = unknown> {
  code: number;
  msg: string;
  data: T;
}

export const envelope = <T extends z.ZodType>(data: T) => z.object({ code: z.number(), msg: z.string(), data });

export const pageQuery = z.object({
  pageNum: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(500).default(20),
});
export type PageQuery = z.infer<typeof pageQuery>;

export const page = <T extends z.ZodType>(row: T) => z.object({ rows: z.array(row), total: z.number() });
export interface Page<T> {
  rows: T[];
  total: number;
}

/** The largest record id (ids are 32-bit integers on PostgreSQL): a larger one names no record. */
export const MAX_ID = 2_147_483_647;
export const idParam = z.object({ id: z.coerce.number().int().positive().max(MAX_ID) });
