import { DEFAULT_ENDPOINT_COUNTRY, TOPIC_PREFIX } from '@pv/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../database.js';

/** The country the embedded broker's own record is filed under on the /systems/mqtt screen. */
export const EMBEDDED_ENDPOINT_COUNTRY = DEFAULT_ENDPOINT_COUNTRY;

/**
 * The embedded broker's own endpoint as a /systems/mqtt record, so a fresh demo shows what devices
 * connect to: the address and port the broker listens on, the HTTP port of the telemetry POST and
 * the topic a device publishes its telemetry on. Devices sign in with their SN and device key, which
 * the username and key fields say. Written once, when there is no record at all: an administrator's
 * edit or delete stays.
 */
export async function seedBrokerEndpoint(
  db: Kysely<Database>,
  { host, mqttPort, httpPort }: { host: string; mqttPort: number; httpPort: number },
): Promise<void> {
  const any = await db.selectFrom('mqtt_configs').select('id').limit(1).executeTakeFirst();
  if (any) return;
  // a wildcard bind address is no address for a device: name the machine itself instead
  const address = host === '0.0.0.0' || host === '::' || host === '' ? 'localhost' : host;
  await db
    .insertInto('mqtt_configs')
    .values({
      service_address: `mqtt://${address}:${mqttPort}`,
      username: '{sn}',
      user_key: '{device key}',
      http_port: httpPort,
      country: EMBEDDED_ENDPOINT_COUNTRY,
      topic: `${TOPIC_PREFIX}/{sn}/up/telemetry`,
      created_at: Date.now(),
    })
    .execute();
}
