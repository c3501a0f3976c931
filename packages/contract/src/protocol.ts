/** The device protocol's MQTT topics (ARCHITECTURE §5). */
export const TOPIC_PREFIX = 'pv';
export const topics = {
  telemetry: (sn: string) => `pv/${sn}/up/telemetry`,
  event: (sn: string) => `pv/${sn}/up/event`,
  ack: (sn: string) => `pv/${sn}/up/ack`,
  command: (sn: string) => `pv/${sn}/down/cmd`,
  downAll: (sn: string) => `pv/${sn}/down/#`,
};
export const INGEST_SHARED_SUBSCRIPTION = '$share/ingest/pv/+/up/#';
/**
 * Where the broker publishes the will of an ingest server's connection (its MQTT client id) when
 * the connection broke and did not come back: another server adopts that session and takes what
 * it holds (apps/server/src/ingest/shared-subscriber.ts). Not a device topic.
 */
export const INGEST_GONE_TOPIC = 'pv-ingest/gone';
