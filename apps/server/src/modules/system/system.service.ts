import type { archiveConfigBody, mqttConfigBody, MqttConfigQuery, mqttConfigUpdateBody } from '@pv/contract';
import type { Kysely, Selectable } from 'kysely';
import type { z } from 'zod';
import type { Database } from '../../db/database.js';
import { notFound } from '../../lib/errors.js';
import type { SessionUser } from '../../lib/types.js';
import * as repo from './system.repository.js';

/* The MQTT/HTTP endpoint records and the archive configuration (System > MQTT). */

type Db = Kysely<Database>;
type MqttConfigBody = z.infer<typeof mqttConfigBody>;

const toRow = (r: Selectable<Database['mqtt_configs']>, showKey: boolean) => ({
  id: r.id,
  serviceAddress: r.service_address,
  username: r.username,
  // the key is a secret: only the sensitive-data grant sees it whole
  userKey: showKey ? r.user_key : `${r.user_key.slice(0, 2)}******`,
  httpPort: r.http_port,
  country: r.country,
  topic: r.topic,
  createdAt: r.created_at,
});

const values = (b: Omit<MqttConfigBody, 'userKey'>) => ({
  service_address: b.serviceAddress,
  username: b.username,
  http_port: b.httpPort,
  country: b.country,
  topic: b.topic,
});

export async function listMqttConfigs(db: Db, me: SessionUser, { pageNum, pageSize, country }: MqttConfigQuery) {
  const { rows, total } = await repo.listMqttConfigs(db, country, pageSize, (pageNum - 1) * pageSize);
  return { rows: rows.map((r) => toRow(r, me.sensitive)), total };
}

export async function createMqttConfig(db: Db, b: MqttConfigBody) {
  return { id: await repo.insertMqttConfig(db, { ...values(b), user_key: b.userKey, created_at: Date.now() }) };
}

/** Without userKey the stored key stays. */
export async function updateMqttConfig(db: Db, id: number, b: z.infer<typeof mqttConfigUpdateBody>) {
  const key = b.userKey === undefined ? {} : { user_key: b.userKey };
  if (!(await repo.updateMqttConfig(db, id, { ...values(b), ...key }))) throw notFound();
}

export async function deleteMqttConfig(db: Db, id: number) {
  if (!(await repo.deleteMqttConfig(db, id))) throw notFound();
}

export async function getArchiveConfig(db: Db) {
  const c = await repo.archiveConfig(db);
  return {
    filingRate: c.filing_rate as 'daily',
    storageMedium: c.storage_medium as 'database',
    retentionDays: c.retention_days,
    lastFiledAt: c.last_filed_at,
    lastPruned: c.last_pruned,
  };
}

export async function updateArchiveConfig(db: Db, b: z.infer<typeof archiveConfigBody>) {
  await repo.updateArchiveConfig(db, {
    filing_rate: b.filingRate,
    storage_medium: b.storageMedium,
    retention_days: b.retentionDays,
  });
}
