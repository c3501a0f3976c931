import { z } from 'zod';
import { pageQuery } from './api.js';
import { ARCHIVE_MEDIA, FILING_RATES, RETENTION_DAYS } from './system-constants.js';

export * from './system-constants.js';

/** Endpoints handed to devices per country (spec §3 MQTT/HTTP config). */
export const mqttConfigBody = z.object({
  serviceAddress: z
    .string()
    .trim()
    .regex(/^(mqtts?:\/\/)?[A-Za-z0-9.-]+(:\d{1,5})?$/, { message: 'validation.serviceAddress' }),
  username: z.string().trim().min(1).max(64),
  userKey: z.string().min(1).max(128),
  httpPort: z.number().int().min(1, { message: 'validation.port' }).max(65535, { message: 'validation.port' }),
  country: z.string().trim().min(1).max(64),
  topic: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9_/+#{}-]{1,128}$/, { message: 'validation.topic' }),
});
export type MqttConfigBody = z.infer<typeof mqttConfigBody>;
/** An edit may leave the key out: the stored one stays (without the sensitive grant it is only seen masked). */
export const mqttConfigUpdateBody = /* @__PURE__ */ mqttConfigBody.extend({
  userKey: mqttConfigBody.shape.userKey.optional(),
});
export type MqttConfigUpdateBody = z.infer<typeof mqttConfigUpdateBody>;
export const mqttConfigRow = mqttConfigBody
  .omit({ userKey: true })
  .extend({ id: z.number(), userKey: z.string(), createdAt: z.number() });
export type MqttConfigRow = z.infer<typeof mqttConfigRow>;
export const mqttConfigQuery = /* @__PURE__ */ pageQuery.extend({ country: z.string().trim().max(64).optional() });
export type MqttConfigQuery = z.infer<typeof mqttConfigQuery>;

/** Archive configuration (spec §3): raw samples older than the retention are pruned; rollups stay. */
export const archiveConfigBody = z.object({
  filingRate: z.enum(FILING_RATES),
  storageMedium: z.enum(ARCHIVE_MEDIA),
  retentionDays: z
    .number()
    .int()
    .min(RETENTION_DAYS.min, { message: 'validation.retention' })
    .max(RETENTION_DAYS.max, { message: 'validation.retention' }),
});
export const archiveConfigData = /* @__PURE__ */ archiveConfigBody.extend({
  lastFiledAt: z.number().nullable(),
  lastPruned: z.number(),
});
export type ArchiveConfigBody = z.infer<typeof archiveConfigBody>;
export type ArchiveConfigData = z.infer<typeof archiveConfigData>;
