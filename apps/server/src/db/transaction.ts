import type { Kysely, Transaction } from 'kysely';
import type { Database } from './database.js';

/**
 * Runs `work` in one transaction: a service decides what must happen together, the
 * repositories it calls with `trx` write it. Everything or nothing is committed.
 */
export function inTransaction<T>(db: Kysely<Database>, work: (trx: Transaction<Database>) => Promise<T>): Promise<T> {
  return db.transaction().execute(work);
}
