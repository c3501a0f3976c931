import { INGEST_GONE_TOPIC, INGEST_SHARED_SUBSCRIPTION } from '@pv/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../db/database.js';
import { mosquittoHash } from './device-keys.js';

/**
 * A Mosquitto ACL file (`acl_file`) from the device registry, with the same topic rules the
 * embedded broker enforces: a device (user name = SN) may publish only to its own up topics and
 * subscribe only to its own down topics; the ingest server's user reads every device's up topics
 * through the shared subscription and sends on the down topics. Devices not in the registry get
 * no rule (Mosquitto denies what no rule allows). Regenerate after adding or removing devices and
 * send Mosquitto SIGHUP to reload it. The password file comes from `mosquittoPasswords`.
 */
export async function mosquittoAcl(db: Kysely<Database>, opts: { ingestUser: string; now?: Date }): Promise<string> {
  const devices = await db.selectFrom('devices').select('sn').orderBy('sn').execute();
  const safe = /^[A-Za-z0-9][A-Za-z0-9-]{0,63}$/;
  const lines = [
    `# PV Console: Mosquitto ACL generated from the device registry (${devices.length} devices) at ${(opts.now ?? new Date()).toISOString()}`,
    '# Reload with SIGHUP after regenerating. Device user name = SN.',
    '',
    "# the ingest server(s): the shared subscription on the devices' up topics, commands down",
    `user ${opts.ingestUser}`,
    `topic read ${INGEST_SHARED_SUBSCRIPTION}`,
    'topic read pv/+/up/#',
    'topic write pv/+/down/#',
    '# the wills of server connections that broke: another server adopts their sessions',
    `topic readwrite ${INGEST_GONE_TOPIC}`,
    '',
  ];
  for (const { sn } of devices) {
    // an SN the protocol's topic rule would refuse gets no rule rather than a wildcard in the file
    if (!safe.test(sn)) continue;
    lines.push(
      `user ${sn}`,
      `topic write pv/${sn}/up/telemetry`,
      `topic write pv/${sn}/up/event`,
      `topic write pv/${sn}/up/ack`,
      `topic read pv/${sn}/down/#`,
      '',
    );
  }
  return lines.join('\n');
}

/**
 * A Mosquitto password file (`password_file`) from the device registry: every device with a key
 * (user name = SN, the key's `$7$` hash written when it was created or rotated) and, with a
 * password, the ingest server's user. Devices whose key predates this (no hash kept) are left out
 * until their key is rotated; sub devices report through their collector and have none.
 */
export async function mosquittoPasswords(
  db: Kysely<Database>,
  opts: { ingestUser?: string; ingestPassword?: string } = {},
): Promise<string> {
  const devices = await db
    .selectFrom('devices')
    .select(['sn', 'broker_hash'])
    .where('broker_hash', 'is not', null)
    .orderBy('sn')
    .execute();
  const lines: string[] = [];
  if (opts.ingestUser && opts.ingestPassword) lines.push(`${opts.ingestUser}:${mosquittoHash(opts.ingestPassword)}`);
  for (const d of devices) if (/^[A-Za-z0-9][A-Za-z0-9-]{0,63}$/.test(d.sn)) lines.push(`${d.sn}:${d.broker_hash}`);
  return lines.length ? `${lines.join('\n')}\n` : '';
}
