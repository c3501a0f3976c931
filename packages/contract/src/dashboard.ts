import { z } from 'zod';
import { DEFAULT_TIME_ZONE } from './constants.js';
import type { NotificationsEvent } from './notification.js';
import { zTimeZone } from './plant.js';

/**
 * The dashboard (home of ROOT users) and the live-update stream of the whole console. Its plain
 * constants (windows, CO2 factor, ticks) live in constants.ts, so the console's dashboard and live
 * stream import them without evaluating these zod schemas.
 */

/** tz: the IANA time zone whose calendar gives "today", "this month" and "this year". */
export const dashboardQuery = z.object({ tz: zTimeZone.default(DEFAULT_TIME_ZONE) });
export type DashboardQuery = z.input<typeof dashboardQuery>;

export const dashboardKpi = z.object({
  plants: z.number(),
  /** kWp */
  capacityKwp: z.number(),
  /** W, the latest 5-minute snapshot */
  powerW: z.number(),
  /**
   * kWh today, this month and this year: the sums of the plants' own figures (each plant's today
   * is its local day, docs/energy-model.md), so the dashboard adds up to the plant list
   */
  energyToday: z.number(),
  energyMonth: z.number(),
  energyYear: z.number(),
  /** kWh since installation (plant_stats) */
  energyTotal: z.number(),
  plantsOnline: z.number(),
  plantsOffline: z.number(),
  plantsFault: z.number(),
  devicesOffline: z.number(),
  faults: z.number(),
  /** kg, energyTotal × CO2_KG_PER_KWH */
  co2Kg: z.number(),
  /** h, today's production per installed kWp */
  equivalentHours: z.number(),
  /** when the figures were last refreshed (epoch ms), null before the first refresh */
  updatedAt: z.number().nullable(),
});
export type DashboardKpi = z.infer<typeof dashboardKpi>;

export const dashboardData = z.object({
  kpi: dashboardKpi,
  /** today's curve in the caller's time zone: [bucket start epoch ms, W] */
  power: z.array(z.tuple([z.number(), z.number()])),
  /**
   * The start of the curve's last bucket when it is still filling (its average is of the snapshots
   * so far: draw it as partial, or not at all), else null. Always sent by the server.
   */
  powerFilling: z.number().nullable().optional(),
  /** production per day of the current month: [YYYY-MM-DD, kWh] */
  daily: z.array(z.tuple([z.string(), z.number()])),
  /** production per month of the current year: [YYYY-MM, kWh] */
  monthly: z.array(z.tuple([z.string(), z.number()])),
  /** the best plants of the month by specific yield (kWh/kWp) */
  top: z.array(
    z.object({
      id: z.number(),
      name: z.string(),
      capacityKwp: z.number(),
      energyKwh: z.number(),
      yieldKwhPerKwp: z.number(),
    }),
  ),
});
export type DashboardData = z.infer<typeof dashboardData>;

/**
 * What the event stream (GET /photo_voltaic/events) sends, each as `event: <type>`:
 * `stats` after each dashboard refresh (the organisations, plants and new faults of the caller's
 * scope that changed; plants granted to the caller count too), `devices` when devices the stream
 * watches reported or changed state, `notifications` with the caller's new unread count when a
 * notification for them is created or read (notification.ts), `expired` when the session ends (the stream then closes).
 */
export const statsEvent = z.object({
  type: z.literal('stats'),
  at: z.number(),
  orgIds: z.array(z.number()),
  plantIds: z.array(z.number()),
  /** faults opened since the previous refresh */
  faultIds: z.array(z.number()),
});
export type StatsEvent = z.infer<typeof statsEvent>;
/**
 * The watched devices (`?devices=1,2`, at most LIVE_WATCH_MAX, each one the caller may see) that
 * sent a message (telemetry, an event, a command ack, OTA progress) or whose state a job changed
 * (offline, a command without an ack): their detail, commands and update log are worth reading again.
 */
export const devicesEvent = z.object({
  type: z.literal('devices'),
  at: z.number(),
  deviceIds: z.array(z.number()),
});
export type DevicesEvent = z.infer<typeof devicesEvent>;
/**
 * POST /photo_voltaic/events/ticket: a single-use ticket of the caller's session that opens the event
 * stream once (`GET /events?ticket=`) within LIVE_TICKET_MS; a used, expired or signed-out one is refused (401).
 */
export const liveTicket = z.object({ ticket: z.string(), expiresAt: z.number() });
export type LiveTicket = z.infer<typeof liveTicket>;
export type LiveEvent = StatsEvent | DevicesEvent | NotificationsEvent;
export type LiveEventType = LiveEvent['type'] | 'expired';
