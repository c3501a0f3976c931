// Writes a Mosquitto ACL file from the device registry of DATABASE_URL (see ingest/acl.ts).
//   npm run mosquitto-acl -w @pv/server -- [--out /etc/mosquitto/pv.acl] [--ingest-user pv-ingest]
import { writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { loadConfig } from '../config.js';
import { createDb } from '../db/dialect.js';
import { mosquittoAcl } from '../ingest/acl.js';

const { values } = parseArgs({ options: { out: { type: 'string' }, 'ingest-user': { type: 'string', default: 'pv-ingest' } } });
const { db } = createDb(loadConfig().databaseUrl);
try {
  const text = await mosquittoAcl(db, { ingestUser: values['ingest-user']! });
  if (values.out) writeFileSync(values.out, text);
  else process.stdout.write(text);
} finally {
  await db.destroy();
}
