/** Business constants of spec §9, shared by the console and the server. */

export const TOKEN_COOKIE = 'Admin-Token';
export const API_BASE = '/photo_voltaic';
/** The country the embedded broker's own endpoint is filed under on /systems/mqtt (any country); shown translated. */
export const DEFAULT_ENDPOINT_COUNTRY = 'Default';
export const REQUEST_TIMEOUT_MS = 50_000;
export const TOAST_DURATION_MS = 3_000;

export const DEFAULT_THEME_COLOR = '#664495';
export const DEFAULT_TAB_FONT_COLOR = '#000';
export const DEFAULT_ASIDE_COLOR = '#ecf5ff';
/** The eight preset colours of the theme drawer; the first is the default. */
export const THEME_PRESETS = [
  '#664495',
  '#1677ff',
  '#13c2c2',
  '#52c41a',
  '#fa8c16',
  '#f5222d',
  '#eb2f96',
  '#2f4554',
] as const;

export const SETTINGS_DEFAULTS = {
  showSettings: true,
  tagsView: true,
  fixedHeader: false,
  sidebarLogo: false,
  sidebarType: 1 as 1 | 2,
  theme: DEFAULT_THEME_COLOR,
};

export const SIDEBAR_WIDTH_SINGLE = 140;
export const SIDEBAR_WIDTH_DOUBLE = 120;
export const MOBILE_BREAKPOINT = 992;

export const UPLOAD_IMAGE_MAX_BYTES = 2 * 1024 * 1024;
export const UPLOAD_IMAGE_TYPES = ['image/jpeg', 'image/png'] as const;
export const UPLOAD_DOCUMENT_TYPES = ['application/pdf'] as const;
export const PASSWORD_MIN_LENGTH = 7; // "longer than 6 characters"
export const NAME_MAX_LENGTH = 30;
export const CODE_MAX_LENGTH = 60;

/** History range options in days; 0 = real time. */
export const HISTORY_RANGES = [0, 1, 7, 15, 30] as const;
export const OFFLINE_COUNT_WINDOW_DAYS = 3;
export const FAULT_COUNT_WINDOW_DAYS = 30;

// The dashboard (home of ROOT users) and the live-update stream of the whole console; dashboard.ts has their schemas.
/** Windows of spec §9: devices that went offline within the last 3 days, faults opened within the last 30. */
export const DASHBOARD_OFFLINE_WINDOW_DAYS = OFFLINE_COUNT_WINDOW_DAYS;
export const DASHBOARD_FAULT_WINDOW_DAYS = FAULT_COUNT_WINDOW_DAYS;
/**
 * CO2 avoided per kWh produced, kg/kWh: the IEA's world-average emission intensity of electricity
 * generation (about 475 g CO2/kWh), used for every plant whatever its grid.
 */
export const CO2_KG_PER_KWH = 0.475;
/** Plants in the specific-yield ranking. */
export const DASHBOARD_TOP_PLANTS = 10;
/** The power curve and the current power have one point per 5 minutes. */
export const DASHBOARD_BUCKET_MS = 5 * 60_000;
/** How often a server refreshes the dashboard rollups and publishes what changed (ms). */
export const DASHBOARD_TICK_MS = 15_000;
/** The console refetches at most this often on live events (ms). */
export const LIVE_THROTTLE_MS = 5_000;
/** Comment lines keep the event stream open through proxies (ms). */
export const LIVE_HEARTBEAT_MS = 25_000;
/**
 * A server process publishes the devices whose messages it committed (telemetry, events, command
 * acks, OTA progress) at most this often, as one `devices` event of their ids (ms).
 */
export const LIVE_DEVICES_MS = 1_000;
/** Devices one event stream may watch (`devices` query parameter): the device pages open at once. */
export const LIVE_WATCH_MAX = 50;
/** While the event stream is not open, live pages refetch this often instead (ms). */
export const LIVE_FALLBACK_MS = 60_000;
/**
 * A ticket for the event stream (POST /photo_voltaic/events/ticket, then `GET /events?ticket=`) is
 * good once, this long after it is handed out (ms): EventSource cannot send the X-Token header, and
 * a session token in the address would land in logs and Referer headers.
 */
export const LIVE_TICKET_MS = 30_000;

export const HEADER_SEARCH_THRESHOLD = 0.4;
export const SIZES = ['default', 'medium', 'small', 'mini'] as const;
export type Size = (typeof SIZES)[number];
export const DEFAULT_SIZE: Size = 'medium';

export const LANGUAGES = ['en', 'zh', 'es', 'ja'] as const;
export type Language = (typeof LANGUAGES)[number];
/** The switcher offers every language (spec §1 named zh/en; issue 22 completed es and ja). */
export const SWITCHER_LANGUAGES: Language[] = ['zh', 'en', 'es', 'ja'];

export const DEVICE_CONTROL_MODES = {
  pcs: ['charge', 'discharge', 'close'],
  mppt: ['charge', 'close'],
  battery: ['canControl', 'cannotControl'],
} as const;

export const DEFAULT_TIME_ZONE = 'Asia/Shanghai';
export const DEFAULT_DATE_FORMAT = 'YYYY-MM-DD HH:mm:ss';
export const NUMBER_SUFFIXES = ['k', 'M', 'G', 'T', 'P', 'E'] as const;

/** The product-attribute path that never raises an error toast (spec §7/§8). */
export const TOAST_EXEMPT_PATH = '/autoparts/pimCatentry/getProductAttr';

export const ORG_GROUP_CODES = {
  ROOT: 'ROOT',
  AGENT: 'AGENT',
  INSTALLER: 'INSTALLER',
  CUSTOMER: 'CUSTOMER',
} as const;
export type OrgGroupCode = (typeof ORG_GROUP_CODES)[keyof typeof ORG_GROUP_CODES];

export const DATA_SCOPES = ['all', 'orgAndChildren', 'org', 'self'] as const;
export type DataScope = (typeof DATA_SCOPES)[number];

export const INSTALL_POSITIONS = ['roof', 'balcony', 'garden', 'other'] as const;
export const DOCUMENT_TYPES = [
  'datasheet',
  'userManual',
  'warrantyDoc',
  'certificates',
  'installationGuide',
  'installationVideo',
] as const;
