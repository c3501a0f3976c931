/** The permitted router paths of two users the router and route tests share (test fixtures). */
export const adminPaths = [
  '/',
  '/dashboard',
  '/power_station',
  '/power_station/power_station_list',
  '/auth',
  '/auth/user',
  '/business_partners',
  '/business_partners/clients_list',
  '/business_partners/service_provider',
];

export const agentPaths = [
  '/power_station',
  '/power_station/power_station_list',
  '/power_station/power_station_detail',
  '/devices',
  '/devices/devices__manage',
];
