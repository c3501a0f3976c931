// The archive configuration's choices and limits, apart from their schemas in system.ts (which
// re-exports them): the MQTT page's archive card reads them on first load, and a module without zod
// keeps zod and the endpoint form's schemas out of it.

export const ARCHIVE_MEDIA = ['database', 'file'] as const;
export const FILING_RATES = ['hourly', 'daily', 'weekly'] as const;
/** How many days raw samples are kept (spec §3), message `validation.retention`. */
export const RETENTION_DAYS = { min: 1, max: 3650 } as const;
