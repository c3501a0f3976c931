import type { ProductBody, ProductRow } from '@pv/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.js';

type Filters = { name?: string; type?: ProductRow['type'] };

function filtered(db: Kysely<Database>, { name, type }: Filters) {
  let q = db.selectFrom('products as p');
  if (name) q = q.where('p.name', 'like', `%${name}%`);
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
  const toRow = (r: (typeof rows)[number]): ProductRow => ({
    id: r.id,
    name: r.name,
    type: r.type as ProductRow['type'],
    code: r.code,
    key: r.product_key,
    devices: Number(r.devices ?? 0),
    createdAt: r.created_at,
  });
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

export async function insertProduct(db: Kysely<Database>, body: ProductBody, key: string, now: number) {
  const { id } = await db
    .insertInto('products')
    .values({ ...body, product_key: key, created_at: now })
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}

/** Whether a product with this id was there to update. */
export async function updateProduct(db: Kysely<Database>, id: number, body: ProductBody) {
  const res = await db.updateTable('products').set(body).where('id', '=', id).executeTakeFirst();
  return Number(res.numUpdatedRows) > 0;
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
