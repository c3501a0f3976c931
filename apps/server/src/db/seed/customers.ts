import type { Kysely } from 'kysely';
import type { Database } from '../database.js';
import { customerSearchName } from '../../lib/like.js';

const PEOPLE = [
  ['Chen Jing', 'Jing'],
  ['Wang Fang', 'Fang'],
  ['Liu Yang', 'Yang'],
  ['Maria Lopez', 'Maria'],
  ['Tom Becker', 'Tom'],
  ['Aiko Tanaka', 'Aiko'],
] as const;

/**
 * Demo customers (plant owners): three per organisation that holds plants, and each demo plant
 * gets one of its organisation's customers as owner. Runs once (DEMO on).
 */
export async function seedDemoCustomers(db: Kysely<Database>): Promise<void> {
  if (await db.selectFrom('customers').select('id').limit(1).executeTakeFirst()) return;
  const orgs = await db.selectFrom('orgs').select(['id', 'code', 'address']).orderBy('id').execute();
  const now = Date.now();
  const byOrg = new Map<number, number[]>();
  let n = 0;
  for (const org of orgs) {
    const ids: number[] = [];
    for (let k = 0; k < 3; k++, n++) {
      const [name, nickname] = PEOPLE[n % PEOPLE.length]!;
      const slug = `${name.toLowerCase().replace(/\s+/g, '.')}${n + 1}`;
      const { id } = await db
        .insertInto('customers')
        .values({
          org_id: org.id,
          nickname,
          name,
          search_name: customerSearchName(name, nickname),
          email: `${slug}@customers.example`,
          phone: `1380000${String(1000 + n).padStart(4, '0')}`,
          address: `${10 + n} ${org.address ?? 'Solar Street'}`,
          user_id: null,
          created_at: now,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      ids.push(id);
    }
    byOrg.set(org.id, ids);
  }
  const plants = await db
    .selectFrom('plants')
    .select(['id', 'org_id', 'capacity_wp'])
    .where('owner_id', 'is', null)
    .orderBy('id')
    .execute();
  const codes = new Map(orgs.map((o) => [o.code, o.id]));
  const sunpath = codes.get('SUNPATH');
  const greenRoof = codes.get('GREENROOF');
  for (const [i, p] of plants.entries()) {
    const owners = byOrg.get(p.org_id);
    if (!owners) continue;
    await db
      .updateTable('plants')
      .set({
        owner_id: owners[i % owners.length]!,
        installer_org_id: p.org_id === sunpath && greenRoof ? greenRoof : p.org_id,
        install_capacity_wp: p.capacity_wp,
      })
      .where('id', '=', p.id)
      .execute();
  }
}
