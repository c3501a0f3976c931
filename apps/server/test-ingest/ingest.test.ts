import { buildTestApp } from '../test/helper.js';
import { ingestSuite } from '../test/suites/ingest-suite.js';

// The device protocol through Mosquitto (MQTT_URL) on PostgreSQL: the suite test/ingest.test.ts
// runs on the embedded broker. This Mosquitto lets anyone in, so device sign-in and topic rules
// are acl.test.ts's (its own Mosquitto with the password file and ACL made from the registry).
const url = process.env.INGEST_MQTT_URL;
if (!url) throw new Error('INGEST_MQTT_URL is not set: run this suite with `npm run test:ingest`');

ingestSuite(async () => ({ t: await buildTestApp({ MQTT_URL: url }), brokerUrl: () => url, ackAfterCommit: false }));
