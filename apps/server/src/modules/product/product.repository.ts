import type { DeviceType, ProductBody, ProductCapabilities, ProductRow } from '@pv/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.js';
import { effectiveCapabilities } from './capabilities.js';
import { contains } from '../../lib/like.js';

type Filters = { name?: string; type?: ProductRow['type'] };

function filtered(db: Kysely<Database>, { name, type }: Filters) {
  let q = db.selectFrom('products as p');
  if (name) q = q.where(contains('p.name', name));
  if (type) q = q.where('p.type', '=', type);
  return q;
}

/** One page of products with the number of devices registered against each. */
export async function listProducts(db: Kysely<Database>, f: Filters, limit: number, offset: number) {
  const [{ total }, rows] = await Promise.all([
    filtered(db, f)
      .select((eb) => eb.fn.countAll<number>().as('total'))
      .executeTakeFirstOrThrow(),
    filtered(db, f)
      .selectAll('p')
      .select((eb) =>
        eb
          .selectFrom('devices as d')
          .select((e) => e.fn.countAll<number>().as('n'))
          .whereRef('d.product_id', '=', 'p.id')
          .as('devices'),
      )
      .orderBy('p.id')
      .limit(limit)
      .offset(offset)
      .execute(),
  ]);
  const toRow = (r: (typeof rows)[number]): ProductRow => {
    const type = r.type as DeviceType;
    const { capabilities, declared } = effectiveCapabilities(type, r.capabilities);
    return {
      id: r.id,
      name: r.name,
      type,
      code: r.code,
      key: r.product_key,
      devices: Number(r.devices ?? 0),
      createdAt: r.created_at,
      capabilities,
      capabilitiesDeclared: declared,
    };
  };
  return { rows: rows.map(toRow), total: Number(total) };
}

/** Whether another product (not `exceptId`) has this code. */
export async function productCodeTaken(db: Kysely<Database>, code: string, exceptId = 0) {
  const row = await db
    .selectFrom('products')
    .select('id')
    .where('code', '=', code)
    .where('id', '!=', exceptId)
    .executeTakeFirst();
  return row !== undefined;
}

const stored = (caps: ProductCapabilities | null) => (caps ? JSON.stringify(caps) : null);

export async function insertProduct(db: Kysely<Database>, body: ProductBody, key: string, now: number) {
  const { capabilities, ...fields } = body;
  const { id } = await db
    .insertInto('products')
    .values({ ...fields, capabilities: stored(capabilities ?? null), product_key: key, created_at: now })
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}

/** A product's type and what it declares (null: nothing, its type's defaults apply). */
export function findProductCapabilities(db: Kysely<Database>, id: number) {
  return db.selectFrom('products').select(['type', 'capabilities']).where('id', '=', id).executeTakeFirst();
}

/** Whether a product with this id was there to update; `capabilities` undefined keeps what is stored. */
export async function updateProduct(db: Kysely<Database>, id: number, body: ProductBody) {
  const { capabilities, ...fields } = body;
  const res = await db
    .updateTable('products')
    .set({ ...fields, ...(capabilities !== undefined && { capabilities: stored(capabilities) }) })
    .where('id', '=', id)
    .executeTakeFirst();
  return Number(res.numUpdatedRows) > 0;
}

/** A device's type, id, SN and product (name, type and declared capabilities), for what it accepts. */
export function deviceWithProduct(db: Kysely<Database>, deviceId: number) {
  return db
    .selectFrom('devices as d')
    .leftJoin('products as p', 'p.id', 'd.product_id')
    .select(['d.id', 'd.sn', 'd.type', 'd.product_id', 'p.name as product_name', 'p.type as product_type'])
    .select('p.capabilities')
    .where('d.id', '=', deviceId)
    .executeTakeFirst();
}

export async function productInUse(db: Kysely<Database>, id: number) {
  const row = await db.selectFrom('devices').select('id').where('product_id', '=', id).executeTakeFirst();
  return row !== undefined;
}

/** Whether a product with this id was there to delete. */
export async function deleteProduct(db: Kysely<Database>, id: number) {
  const res = await db.deleteFrom('products').where('id', '=', id).executeTakeFirst();
  return Number(res.numDeletedRows) > 0;
}
