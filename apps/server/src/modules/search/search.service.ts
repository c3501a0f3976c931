import { SEARCH_LIMIT, type SearchResult } from '@pv/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.js';
import type { SessionUser } from '../../lib/types.js';
import * as repo from './search.repository.js';

/**
 * The header search: plants by name (with plant:list) and devices by SN (with device:list), of
 * what the caller sees. A role with neither gets empty lists rather than 403, so the console can
 * ask for every signed-in user without a refused request.
 */
export async function search(db: Kysely<Database>, me: SessionUser, q: string): Promise<SearchResult> {
  const [plants, devices] = await Promise.all([
    me.perms.has('plant:list') ? repo.searchPlants(db, me, q, SEARCH_LIMIT) : [],
    me.perms.has('device:list') ? repo.searchDevices(db, me, q, SEARCH_LIMIT) : [],
  ]);
  return { plants, devices };
}
