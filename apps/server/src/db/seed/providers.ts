import { ORG_GROUP_CODES } from '@pv/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../database.js';
import type { ProviderProfilesTable } from '../../modules/provider/index.js';

type Profile = Omit<ProviderProfilesTable, 'org_id' | 'updated_at' | 'contract_status'> & { contract_status: string };

/** The demo service providers' profiles, by organisation code (DEMO on; runs with the demo tree, once). */
const PROFILES: Record<string, Profile> = {
  SUNPATH: {
    provider_type: 'om',
    service_type: 'fullService',
    service_area: 'Zhejiang, Jiangsu, Shanghai',
    contract_no: 'SP-2024-0317',
    contract_status: 'active',
    certification: 'ISO 9001; PV installer grade A',
    last_maintenance_at: '2026-10-18',
    remarks: 'Quarterly inspection and panel cleaning for residential rooftops; 24-hour fault response.',
  },
  DELTA: {
    provider_type: 'installer',
    service_type: 'maintenance',
    service_area: 'Madrid, Castilla-La Mancha',
    contract_no: 'DL-2025-0042',
    contract_status: 'active',
    certification: 'IEC 62446-1 commissioning',
    last_maintenance_at: '2026-09-02',
    remarks: 'Inverter replacement under warranty handled directly with the manufacturer.',
  },
};

export async function seedDemoProviders(db: Kysely<Database>): Promise<void> {
  const orgs = await db
    .selectFrom('orgs as o')
    .innerJoin('org_groups as g', 'g.id', 'o.group_id')
    .leftJoin('provider_profiles as pp', 'pp.org_id', 'o.id')
    .select(['o.id', 'o.code'])
    .where('g.code', '=', ORG_GROUP_CODES.AGENT)
    .where('pp.org_id', 'is', null)
    .execute();
  for (const o of orgs) {
    const profile = PROFILES[o.code];
    if (profile)
      await db
        .insertInto('provider_profiles')
        .values({ ...profile, org_id: o.id, updated_at: Date.now() })
        .execute();
  }
}
