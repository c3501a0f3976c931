/**
 * Server and form messages of the ingest screens (en is the source; zh must hold the same keys).
 * Merged into messagesEn / messagesZh by ../messages.ts.
 */
const en = {} as const;

export const ingestMessagesEn = en;
export const ingestMessagesZh: Record<keyof typeof en, string> = {};
export const ingestFieldNamesEn: Record<string, string> = {};
export const ingestFieldNamesZh: Record<string, string> = {};

// Spanish and Japanese (issue 22)
export const ingestMessagesEs: Record<keyof typeof en, string> = {};
export const ingestMessagesJa: Record<keyof typeof en, string> = {};
export const ingestFieldNamesEs: Record<string, string> = {};
export const ingestFieldNamesJa: Record<string, string> = {};
