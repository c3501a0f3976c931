/**
 * Server and form messages of the ingest screens (en is the source; zh must hold the same keys).
 * Merged into messagesEn / messagesZh by ../messages.ts.
 */
const en = {
  // the event stream while Redis, which carries the live updates between server processes, is down
  'error.liveUnavailable': 'Live updates are paused for now; pages refresh by themselves every minute',
} as const;

export const ingestMessagesEn = en;
export const ingestMessagesZh: Record<keyof typeof en, string> = {
  'error.liveUnavailable': '实时更新暂时停止，页面每分钟自动刷新',
};
export const ingestFieldNamesEn: Record<string, string> = {};
export const ingestFieldNamesZh: Record<string, string> = {};

// Spanish and Japanese (issue 22)
export const ingestMessagesEs: Record<keyof typeof en, string> = {
  'error.liveUnavailable': 'Las actualizaciones en directo están en pausa; las páginas se actualizan solas cada minuto',
};
export const ingestMessagesJa: Record<keyof typeof en, string> = {
  'error.liveUnavailable': 'ライブ更新は一時停止中です。ページは1分ごとに自動で更新されます',
};
export const ingestFieldNamesEs: Record<string, string> = {};
export const ingestFieldNamesJa: Record<string, string> = {};
