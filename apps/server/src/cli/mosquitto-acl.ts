// Writes a Mosquitto ACL file, and with --passwords its password file, from the device registry of
// DATABASE_URL (see ingest/acl.ts):
//   npm run mosquitto-acl -w @pv/server -- [--out /etc/mosquitto/pv.acl] [--ingest-user pv-ingest]
//       [--passwords /etc/mosquitto/pv.passwd [--ingest-password SECRET]]
// Reload Mosquitto with SIGHUP after regenerating.
import { writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { loadConfig } from '../config.js';
import { closeDb, createDb } from '../db/dialect.js';
import { mosquittoAcl, mosquittoPasswords } from '../ingest/index.js';

const { values } = parseArgs({
  options: {
    out: { type: 'string' },
    'ingest-user': { type: 'string', default: 'pv-ingest' },
    passwords: { type: 'string' },
    'ingest-password': { type: 'string', default: process.env.INGEST_MQTT_PASSWORD },
  },
});
const { db } = createDb(loadConfig().databaseUrl);
try {
  const text = await mosquittoAcl(db, { ingestUser: values['ingest-user']! });
  if (values.out) writeFileSync(values.out, text);
  else process.stdout.write(text);
  if (values.passwords)
    writeFileSync(
      values.passwords,
      await mosquittoPasswords(db, { ingestUser: values['ingest-user'], ingestPassword: values['ingest-password'] }),
      { mode: 0o640 },
    );
} finally {
  await closeDb(db);
}
