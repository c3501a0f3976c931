// Which console texts (src/locales/<language>/<namespace>.json) load when: read by lib/i18n.ts and
// by the build's chunking (first-load-chunks.ts), so this module imports nothing.

/** The first screens' namespaces (sign-in, 404, the boot spinner, page titles): with the entry. */
export const BOOT_NAMESPACES = ['auth', 'common', 'layout', 'public', 'route'] as const;

/**
 * What the signed-in shell and the dashboard (a ROOT user's home) show beyond the first screens:
 * loaded with the shell. audit and button hold titles of the route table (the menu's 'audit.title',
 * buttons' 'button.*'). Every other namespace loads with any other page, or with a part of the
 * shell that needs one (the header search, the notification panel, the error log, the settings).
 */
export const SHELL_NAMESPACES = ['audit', 'button', 'dashboard', 'notification', 'tariff', 'time'] as const;
