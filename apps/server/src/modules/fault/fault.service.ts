import type { faultQuery } from '@pv/contract';
import type { Kysely } from 'kysely';
import type { z } from 'zod';
import type { Database } from '../../db/database.js';
import { badRequest, notFound } from '../../lib/errors.js';
import type { SessionUser } from '../../lib/types.js';
import * as repo from './fault.repository.js';
import { inTransaction } from '../../db/transaction.js';

type FaultQuery = z.infer<typeof faultQuery>;

/* Faults opened by device events; a repair (with confirmation in the console) closes one. */

const DAY = 86_400_000;

export function listFaults(db: Kysely<Database>, me: SessionUser, { pageNum, pageSize, days, ...f }: FaultQuery) {
  const filters = { ...f, ...(days ? { openedSince: Date.now() - days * DAY } : {}) };
  return repo.listFaults(db, me, filters, pageSize, (pageNum - 1) * pageSize);
}

/** Closes a fault; the device runs normally again once none of its faults is open. */
export async function repairFault(db: Kysely<Database>, me: SessionUser, id: number) {
  const fault = await repo.findFault(db, me, id);
  if (!fault) throw notFound();
  if (fault.state === 'fixed') throw badRequest('error.alreadyFixed');
  await inTransaction(db, async (trx) => {
    await repo.markFixed(trx, fault.id, Date.now());
    if (!(await repo.hasOpenFault(trx, fault.device_id))) await repo.clearFailure(trx, fault.device_id);
  });
}
