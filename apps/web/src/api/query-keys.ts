/**
 * Roots of the query keys of the domains that another feature's mutation changes (deleting devices
 * changes plant lists and dashboard counts). Every query of the domain starts with its root, so
 * invalidating the root reads again whatever a screen shows of it, without importing that feature.
 */
export const devicesKey = ['devices'] as const;
export const plantsKey = ['plants'] as const;
export const dashboardKey = ['dashboard'] as const;
export const faultsKey = ['faults'] as const;
export const notificationsKey = ['notifications'] as const;
