import { randomBytes } from 'node:crypto';
import { capabilitiesFitType, type ProductBody, type ProductQuery } from '@pv/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.js';
import { ApiError, badRequest, notFound } from '../../lib/errors.js';
import { deviceCapabilities, effectiveCapabilities } from './capabilities.js';
import * as repo from './product.repository.js';

/** Products (spec §3: id, name, type, code, key): the models devices are registered against. */
export function listProducts(db: Kysely<Database>, { pageNum, pageSize, ...filters }: ProductQuery) {
  return repo.listProducts(db, filters, pageSize, (pageNum - 1) * pageSize);
}

/** The controls a product declares must be ones its type has (a meter or a collector has none): 400. */
function checkFits(body: ProductBody) {
  if (body.capabilities && !capabilitiesFitType(body.type, body.capabilities))
    throw badRequest('error.capabilitiesType');
}

/** A product's code is unique (409); its key is generated here and answered once. */
export async function createProduct(db: Kysely<Database>, body: ProductBody) {
  checkFits(body);
  if (await repo.productCodeTaken(db, body.code)) throw new ApiError(409, 'error.conflict');
  const key = randomBytes(8).toString('hex');
  const id = await repo.insertProduct(db, body, key, Date.now());
  return { id, key };
}

/** An edit without capabilities keeps the declared ones, which must then fit the (new) type too. */
export async function updateProduct(db: Kysely<Database>, id: number, body: ProductBody) {
  checkFits(body);
  if (body.capabilities === undefined) {
    const current = await repo.findProductCapabilities(db, id);
    if (!current) throw notFound();
    const kept = effectiveCapabilities(body.type, current.capabilities);
    if (kept.declared && !capabilitiesFitType(body.type, kept.capabilities)) throw badRequest('error.capabilitiesType');
  }
  if (await repo.productCodeTaken(db, body.code, id)) throw new ApiError(409, 'error.conflict');
  if (!(await repo.updateProduct(db, id, body))) throw notFound();
}

/**
 * A device and what it accepts (its product's declaration, or its type's defaults), for the command
 * and OTA checks and the console's controls; undefined when there is no such device.
 */
export async function capabilitiesOfDevice(db: Kysely<Database>, deviceId: number) {
  const row = await repo.deviceWithProduct(db, deviceId);
  if (!row) return undefined;
  return {
    device: { id: row.id, sn: row.sn, type: row.type, productId: row.product_id, productName: row.product_name },
    ...deviceCapabilities(row),
  };
}

/** A product that devices are registered against stays (409). */
export async function deleteProduct(db: Kysely<Database>, id: number) {
  if (await repo.productInUse(db, id)) throw new ApiError(409, 'error.productInUse');
  if (!(await repo.deleteProduct(db, id))) throw notFound();
}
