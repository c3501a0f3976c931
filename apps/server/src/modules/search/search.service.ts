import { SEARCH_LIMIT, type SearchResult } from '@pv/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.js';
import { fold } from '../../lib/like.js';
import type { SessionUser } from '../../lib/types.js';
import * as repo from './search.repository.js';

/**
 * The header search: plants by name (with plant:list), devices by SN (with device:list) and
 * customers by name (with customer:list), of what the caller sees. A role with neither gets empty lists rather than 403, so the console can
 * ask for every signed-in user without a refused request.
 */
export async function search(db: Kysely<Database>, me: SessionUser, q: string): Promise<SearchResult> {
  // names compare folded (accents off): a text of accents alone is no text, not "every name"
  const names = fold(q).trim() !== '';
  const [plants, devices, customers] = await Promise.all([
    names && me.perms.has('plant:list') ? repo.searchPlants(db, me, q, SEARCH_LIMIT) : [],
    me.perms.has('device:list') ? repo.searchDevices(db, me, q, SEARCH_LIMIT) : [],
    names && me.perms.has('customer:list') ? repo.searchCustomers(db, me, q, SEARCH_LIMIT) : [],
  ]);
  return { plants, devices, customers };
}
