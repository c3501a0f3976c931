import { DEMO_PASSWORD } from '@pv/contract';
import type { Kysely } from 'kysely';
import { seedDemoLogin } from '../../modules/customer/index.js';
import type { Database } from '../database.js';

/** The demo customer account `customer` (DEMO on): the first plant owner, seeing only its own plants. Runs once. */
export async function seedDemoCustomerLogin(db: Kysely<Database>): Promise<void> {
  await seedDemoLogin(db, 'customer', DEMO_PASSWORD);
}
