// The interface error log's kinds and limits (spec §3 "Error logs"), apart from its schemas in
// help-center.ts: the console's error store reads them on every page, and a module without zod
// keeps zod out of the sign-in page.

export const CLIENT_ERROR_KINDS = ['error', 'render', 'request'] as const;
export type ClientErrorKind = (typeof CLIENT_ERROR_KINDS)[number];
/** What a report may hold: the console cuts longer texts before sending, the server refuses past these. */
export const CLIENT_ERROR_LIMITS = {
  perReport: 20,
  /** Entries one session may report per minute; more answer 429 and are dropped. */
  perMinute: 60,
  message: 1000,
  stack: 4000,
  route: 500,
  /** The whole report body, bytes (413 past it). */
  bodyBytes: 64 * 1024,
  /** How many the console keeps in its own store (the badge counts them). */
  kept: 50,
} as const;
