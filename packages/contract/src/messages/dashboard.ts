/**
 * Server and form messages of the dashboard screens (en is the source; zh must hold the same keys).
 * Merged into messagesEn / messagesZh by ../messages.ts.
 */
const en = {} as const;

export const dashboardMessagesEn = en;
export const dashboardMessagesZh: Record<keyof typeof en, string> = {};
export const dashboardFieldNamesEn: Record<string, string> = { tz: 'Time zone' };
export const dashboardFieldNamesZh: Record<string, string> = { tz: '时区' };

// Spanish and Japanese (issue 22)
export const dashboardMessagesEs: Record<keyof typeof en, string> = {};
export const dashboardMessagesJa: Record<keyof typeof en, string> = {};
export const dashboardFieldNamesEs: Record<string, string> = {
  tz: 'Zona horaria',
};
export const dashboardFieldNamesJa: Record<string, string> = {
  tz: 'タイムゾーン',
};
