import { randomBytes } from 'node:crypto';
import type { ProductBody, ProductQuery } from '@pv/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.js';
import { ApiError, notFound } from '../../lib/errors.js';
import * as repo from './product.repository.js';

/** Products (spec §3: id, name, type, code, key): the models devices are registered against. */
export function listProducts(db: Kysely<Database>, { pageNum, pageSize, ...filters }: ProductQuery) {
  return repo.listProducts(db, filters, pageSize, (pageNum - 1) * pageSize);
}

/** A product's code is unique (409); its key is generated here and answered once. */
export async function createProduct(db: Kysely<Database>, body: ProductBody) {
  if (await repo.productCodeTaken(db, body.code)) throw new ApiError(409, 'error.conflict');
  const key = randomBytes(8).toString('hex');
  const id = await repo.insertProduct(db, body, key, Date.now());
  return { id, key };
}

export async function updateProduct(db: Kysely<Database>, id: number, body: ProductBody) {
  if (await repo.productCodeTaken(db, body.code, id)) throw new ApiError(409, 'error.conflict');
  if (!(await repo.updateProduct(db, id, body))) throw notFound();
}

/** A product that devices are registered against stays (409). */
export async function deleteProduct(db: Kysely<Database>, id: number) {
  if (await repo.productInUse(db, id)) throw new ApiError(409, 'error.productInUse');
  if (!(await repo.deleteProduct(db, id))) throw notFound();
}
