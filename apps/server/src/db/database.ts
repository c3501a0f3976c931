import type { ColumnType, Generated, Insertable, Selectable } from 'kysely';

/** Times are epoch milliseconds everywhere (bigint in PostgreSQL, integer in SQLite). */
export interface OrgGroupsTable {
  id: Generated<number>;
  code: string;
  name: string;
}

export interface OrgsTable {
  id: Generated<number>;
  parent_id: number | null;
  group_id: number;
  name: string;
  code: string;
  /** Materialised path of ids, '/1/4/': the data scope is a prefix match. */
  path: string;
  address: string | null;
  contact: string | null;
  phone: string | null;
  created_at: number;
  number: string | null;
  /** JSON array of {name, code}. */
  groupings: Generated<string>;
}

export interface UsersTable {
  id: Generated<number>;
  org_id: number;
  login_name: string;
  nickname: string;
  password_hash: string;
  mobile: string | null;
  email: string | null;
  state: 'enabled' | 'disabled';
  avatar: string;
  introduction: string;
  created_at: number;
  /** IANA zone for audit and system times; null: the browser's. */
  time_zone: ColumnType<string | null, string | null | undefined, string | null>;
}

export interface RolesTable {
  id: Generated<number>;
  code: string;
  name: string;
  org_id: number;
  data_scope: 'all' | 'orgAndChildren' | 'org' | 'self';
  /** 1 when the role may read unmasked phone, e-mail and address. */
  sensitive: number;
  /** Its resources' permission codes as a JSON array, kept by triggers (migration 202611270900_role_perms). */
  perms: Generated<string>;
}

export interface ResourcesTable {
  id: Generated<number>;
  parent_id: number | null;
  kind: 'menu' | 'button';
  name: string;
  title_key: string;
  router_path: string | null;
  perm: string | null;
  icon: string | null;
  sort: number;
  name_en: Generated<string | null>;
  /** 1: the records behind it follow the role's data permission. */
  data_perm: Generated<number>;
  /** 1: it shows sensitive fields (masked without the sensitive-data grant). */
  sensitive: Generated<number>;
  /** 'menu:/auth/user' or 'button:user:create' for resources seeded from the route table. */
  seed_key: Generated<string | null>;
}

/** Every seed key ever inserted: the seed never re-creates what an administrator deleted. */
export interface ResourceSeedsTable {
  seed_key: string;
}

export interface RoleResourcesTable {
  role_id: number;
  resource_id: number;
}

export interface UserRolesTable {
  user_id: number;
  role_id: number;
}

export interface SessionsTable {
  id: Generated<number>;
  token_hash: string;
  user_id: number;
  created_at: number;
  last_seen_at: number;
  expires_at: number;
  revoked_at: number | null;
  /** When set, the session acts as this one of the user's roles. */
  role_id: number | null;
}

/** A single-use ticket of the event stream (its hash), standing for a session until it expires. */
export interface StreamTicketsTable {
  ticket_hash: string;
  session_id: number;
  expires_at: number;
}

export interface LoginFailuresTable {
  id: Generated<number>;
  login_name: string;
  ip: string;
  at: number;
}

export interface PlantsTable {
  id: Generated<number>;
  org_id: number;
  name: string;
  capacity_wp: number;
  country: string | null;
  time_zone: string;
  latitude: number | null;
  longitude: number | null;
  address: string | null;
  install_position: string | null;
  installed_at: number | null;
  created_at: number;
  /** the customer who owns the plant */
  owner_id: number | null;
  installer_org_id: number | null;
  install_capacity_wp: number | null;
  /** the power company, price area and currency the plant sells at (all three or none) */
  power_company_id: number | null;
  price_area: string | null;
  currency: string | null;
}

export interface ProductsTable {
  id: Generated<number>;
  name: string;
  type: string;
  code: string;
  product_key: string;
  created_at: number;
  /** the contract's productCapabilities as JSON; null: the device type's defaults */
  capabilities: string | null;
}

export interface DevicesTable {
  id: Generated<number>;
  sn: string;
  name: string;
  type: 'inverter' | 'collector' | 'battery' | 'meter';
  product_id: number | null;
  org_id: number;
  plant_id: number | null;
  parent_id: number | null;
  /** sha256 of the device key; sub devices have none (they speak through their collector). */
  secret_hash: string | null;
  /** the key as a Mosquitto password-file hash (`$7$`), for an external broker */
  broker_hash: ColumnType<string | null, string | null | undefined, string | null>;
  mac: string | null;
  comm_mode: string;
  online_state: 'online' | 'offline' | 'inactive';
  run_state: 'run' | 'stop' | 'normal' | 'failure';
  hw_version: string | null;
  sw_version: string | null;
  protocol_version: string | null;
  last_online_at: number | null;
  /** JSON of the latest points. */
  last_points: string | null;
  created_at: number;
}

export interface SamplesTable {
  device_id: number;
  ts: number;
  /** JSON of the points as received (unknown points kept). */
  points: string;
  received_at: number;
}

export interface DeviceDailyTable {
  device_id: number;
  /** plant-local day, YYYY-MM-DD */
  day: string;
  energy_kwh: number;
  updated_at: number;
}

/** Production of inverters that left a plant, per plant-local day (docs/energy-model.md). */
export interface PlantRetiredEnergyTable {
  plant_id: number;
  /** plant-local day, YYYY-MM-DD */
  day: string;
  energy_kwh: number;
  updated_at: number;
}

export interface FaultsTable {
  id: Generated<number>;
  device_id: number;
  code: string;
  message: string | null;
  state: 'unrepaired' | 'fixed';
  opened_at: number;
  fixed_at: number | null;
  severity: Generated<'critical' | 'major' | 'minor' | 'warning'>;
  /** open → acknowledged → inProgress → fixed; fixed exactly when state is */
  processing: Generated<'open' | 'acknowledged' | 'inProgress' | 'fixed'>;
  /** reports while open (1: the opening one) */
  occurrences: Generated<number>;
  last_seen_at: Generated<number>;
  /** the device reported it cleared */
  recovered_at: Generated<number | null>;
  /** the device's plant and organisation when it opened */
  plant_id: Generated<number | null>;
  org_id: Generated<number>;
  /** the last person who acted on it, and when */
  handled_by: Generated<number | null>;
  handled_at: Generated<number | null>;
}

/** A fault's history: by the device / system (user_id null) or a person. */
export interface FaultEventsTable {
  id: Generated<number>;
  fault_id: number;
  at: number;
  user_id: number | null;
  action: 'opened' | 'recurred' | 'recovered' | 'acknowledged' | 'started' | 'fixed' | 'note';
  note: string | null;
}

/** The fault catalogue: per product (null: any product) and code, severity and texts per language (JSON). */
export interface FaultCodesTable {
  id: Generated<number>;
  product_id: number | null;
  code: string;
  severity: 'critical' | 'major' | 'minor' | 'warning';
  /** JSON: { en: { title, action }, zh?: …, es?: …, ja?: … } */
  texts: string;
}

export interface CommandsTable {
  id: Generated<number>;
  cmd_id: string;
  device_id: number;
  kind: string;
  /** JSON of the command's parameters. */
  params: string;
  status: 'processing' | 'success' | 'failed' | 'unknown';
  ack_content: string | null;
  source: string;
  sent_by: number | null;
  created_at: number;
  updated_at: number;
}

export interface DeviceCountersTable {
  device_id: number;
  last_ts: number;
  last_total: number;
}

export interface MqttConfigsTable {
  id: Generated<number>;
  service_address: string;
  username: string;
  user_key: string;
  http_port: number;
  country: string;
  topic: string;
  created_at: number;
}

export interface ArchiveConfigTable {
  id: number;
  filing_rate: string;
  storage_medium: string;
  retention_days: number;
  last_filed_at: number | null;
  /** samples removed by the last run */
  last_pruned: number;
  /** the last run's cutoff: raw samples older than it may have been removed */
  pruned_before: number | null;
}

export interface FirmwareTable {
  id: Generated<number>;
  version: string;
  device_type: string;
  file_name: string;
  /** relative to DATA_DIR/files */
  file_path: string;
  size: number;
  sha256: string;
  description: string | null;
  /** The update content as normalised per-language JSON (parseUpdateContent), or null. */
  release_notes: string | null;
  created_by: number | null;
  created_at: number;
}

export interface OtaEventsTable {
  id: Generated<number>;
  cmd_id: string;
  device_id: number;
  progress: number;
  version: string | null;
  ts: number;
}

/** Per device and 5-minute bucket (epoch ms of its start): averages of the numeric points. */
export interface DeviceRollup5mTable {
  device_id: number;
  bucket: number;
  /** samples averaged */
  n: number;
  /** JSON { point: average } */
  points: string;
  /** JSON { point: samples } for points missing from some of the `n` samples; null when none is */
  point_n: string | null;
}

/** What the plant list sorts and filters on, refreshed periodically (plant-local calendar). */
export interface PlantStatsTable {
  plant_id: number;
  power_w: number;
  energy_today: number;
  energy_month: number;
  energy_year: number;
  energy_total: number;
  status: 'online' | 'offline' | 'fault';
  devices: number;
  devices_online: number;
  open_faults: number;
  data_updated_at: number | null;
  updated_at: number;
  /** revenue in minor units of `revenue_currency` (written by the revenue job, not by the plant-stats refresh) */
  revenue_today?: number | null;
  revenue_month?: number | null;
  revenue_year?: number | null;
  revenue_total?: number | null;
  revenue_currency?: string | null;
}

export interface CustomersTable {
  id: Generated<number>;
  org_id: number;
  nickname: string;
  name: string;
  email: string | null;
  phone: string | null;
  address: string | null;
  /** the customer's login account, when they have one */
  user_id: number | null;
  created_at: number;
  /** name and nickname as the header search compares them (lib/like.ts customerSearchName); null: not written yet */
  search_name: ColumnType<string | null, string | null | undefined, string | null>;
}

/** A 6-digit account-cancellation code (issue 19), kept as a salted hash; user_id null: no account has the address. */
export interface CancelCodesTable {
  id: Generated<number>;
  email: string;
  user_id: number | null;
  salt: string;
  code_hash: string;
  tries: Generated<number>;
  expires_at: number;
  used_at: number | null;
  created_at: number;
}

export interface PlantFavouritesTable {
  user_id: number;
  plant_id: number;
  created_at: number;
}

/** A user allowed to see one plant (and its devices) outside their data scope. */
export interface PlantGrantsTable {
  id: Generated<number>;
  plant_id: number;
  user_id: number;
  /** comma-separated GRANT_PERMS */
  perms: string;
  granted_by: number | null;
  created_at: number;
}

/** Dashboard: per organisation, the latest snapshot (refreshed by the dashboard job). */
export interface OrgSnapshotTable {
  org_id: number;
  /** W, the online inverters' acPower */
  power_w: number;
  /** devices offline now that were online within the last 3 days */
  devices_offline: number;
  /** faults opened within the last 30 days */
  faults: number;
  updated_at: number;
}

/** Dashboard: per organisation and 5-minute bucket (epoch ms of its start), the average power (W). */
export interface OrgPower5mTable {
  org_id: number;
  bucket: number;
  power_w: number;
  /** snapshots averaged */
  n: number;
}

/** Dashboard: per organisation and plant-local day (YYYY-MM-DD), the inverters' production (kWh). */
export interface OrgDailyEnergyTable {
  org_id: number;
  day: string;
  energy_kwh: number;
  updated_at: number;
}

/** A periodic job's turn-taking between server processes (plugins/jobs.ts). */
export interface JobRunsTable {
  name: string;
  /** epoch ms of the latest claimed tick, 0 before the first */
  claimed_at: number;
  claimed_by: string | null;
  /** claimed_at of the latest run that ended (equal to claimed_at: no run under way) */
  done_at: number | null;
  /** JSON carried from one run to the next */
  state: string | null;
}

export interface AuditLogsTable {
  id: Generated<number>;
  at: number;
  user_id: number | null;
  login_name: string | null;
  org_id: number | null;
  action: string;
  entity: string;
  record_id: string | null;
  summary: string;
  method: string;
  route: string;
  ip: string;
}

/** Every mail, written where it was caused and sent by the mail-send job (modules/mail). */
export interface MailOutboxTable {
  id: Generated<number>;
  to_address: string;
  /** en, zh, es or ja: the language it was written in */
  lang: string;
  subject: string;
  text: string;
  html: string | null;
  /** what made it ('faultOpened', …) */
  template: string;
  /** queued → sent, or failed after the last attempt; stored: no SMTP relay configured, kept for an administrator */
  status: 'queued' | 'sent' | 'failed' | 'stored';
  attempts: Generated<number>;
  /** a queued mail's next try (epoch ms) */
  next_attempt_at: number | null;
  last_error: string | null;
  created_at: number;
  sent_at: number | null;
}

/** What a user is told in the console (modules/notification): a line rendered in the reader's language. */
export interface NotificationsTable {
  id: Generated<number>;
  user_id: number;
  kind: 'fault';
  /** null once the fault is gone */
  fault_id: number | null;
  severity: 'critical' | 'major' | 'minor' | 'warning';
  /** message key of the line, and its values (JSON) */
  title_key: string;
  title_values: string;
  text: string | null;
  created_at: number;
  read_at: number | null;
}

/** How a user wants to be told; no row: the defaults (DEFAULT_NOTIFICATION_PREFS). */
export interface NotificationPrefsTable {
  user_id: number;
  /** 1 / 0 */
  console: number;
  mail: number;
  min_severity: 'critical' | 'major' | 'minor' | 'warning';
  mail_min_severity: 'critical' | 'major' | 'minor' | 'warning';
  lang: string;
  updated_at: number;
}

/** A service provider's profile beside its organisation (issue 19); one row per AGENT organisation. */
export interface ProviderProfilesTable {
  org_id: number;
  provider_type: string | null;
  service_type: string | null;
  service_area: string | null;
  contract_no: string | null;
  contract_status: Generated<string>;
  certification: string | null;
  /** a calendar day, yyyy-mm-dd */
  last_maintenance_at: string | null;
  remarks: string | null;
  updated_at: number;
}

export interface PowerCompaniesTable {
  id: Generated<number>;
  name: string;
  country: string;
  currency: string;
  /** JSON array of the price areas */
  price_areas: string;
  created_at: number;
  updated_at: number;
}

export interface ElectricityPricesTable {
  id: Generated<number>;
  company_id: number;
  area: string;
  kind: 'feedIn' | 'purchase';
  /** first and last plant-local day it applies (inclusive); valid_to null: open */
  valid_from: string;
  valid_to: string | null;
  /** JSON array of the contract's TariffPeriod */
  periods: string;
  updated_by: string | null;
  created_at: number;
  updated_at: number;
}

/** Revenue per plant, plant-local day and time-of-use period; amount in the currency's minor unit. */
export interface PlantRevenueDailyTable {
  plant_id: number;
  day: string;
  period: string;
  currency: string;
  kwh: number;
  amount: number;
}

export interface RevenueRecomputesTable {
  id: Generated<number>;
  company_id: number;
  area: string;
  from_day: string;
  to_day: string;
  state: 'queued' | 'running' | 'done' | 'failed';
  plants_total: Generated<number>;
  plants_done: Generated<number>;
  created_by: string | null;
  created_at: number;
  finished_at: number | null;
}

/** Issue 21: what consoles reported (spec §3 error logs). */
export interface ClientErrorsTable {
  id: Generated<number>;
  user_id: number | null;
  login_name: string | null;
  kind: string;
  message: string;
  stack: string | null;
  route: string;
  url: string | null;
  status: number | null;
  user_agent: string;
  at: number;
  created_at: number;
}

/** Issue 21: help-center content (contact us, user guide, policy, FAQs); HTML stored sanitised. */
export interface ContentItemsTable {
  id: Generated<number>;
  kind: string;
  lang: string;
  title: string;
  content: string;
  media_type: string;
  sort_order: number;
  status: string;
  updated_by: number | null;
  created_at: number;
  updated_at: number;
}

export interface ContactMessagesTable {
  id: Generated<number>;
  name: string;
  email: string;
  phone: string | null;
  message: string;
  lang: string;
  status: string;
  answer: string | null;
  answered_by: number | null;
  answered_at: number | null;
  created_at: number;
}

export interface ProductDocumentsTable {
  id: Generated<number>;
  product_id: number;
  doc_type: string;
  file_name: string;
  /** relative to DATA_DIR/files/products: the file's SHA-256 */
  file_path: string;
  mime: string;
  size: number;
  created_at: number;
}

export interface ProductReleasesTable {
  id: Generated<number>;
  product_id: number;
  version: string;
  /** per-language JSON: {"en": "…", "zh": "…"} */
  content: string;
  created_at: number;
}

export interface ProductProblemsTable {
  id: Generated<number>;
  product_id: number;
  title: string;
  description: string;
  status: string;
  answer: string | null;
  faq_id: number | null;
  created_by: number | null;
  created_at: number;
  answered_at: number | null;
}

export interface ProblemPicturesTable {
  id: Generated<number>;
  problem_id: number;
  file_path: string;
  mime: string;
  size: number;
  created_at: number;
}

export interface Database {
  power_companies: PowerCompaniesTable;
  electricity_prices: ElectricityPricesTable;
  plant_revenue_daily: PlantRevenueDailyTable;
  revenue_recomputes: RevenueRecomputesTable;
  provider_profiles: ProviderProfilesTable;
  customers: CustomersTable;
  cancel_codes: CancelCodesTable;
  plant_favourites: PlantFavouritesTable;
  plant_grants: PlantGrantsTable;
  org_snapshot: OrgSnapshotTable;
  org_power_5m: OrgPower5mTable;
  org_daily_energy: OrgDailyEnergyTable;
  audit_logs: AuditLogsTable;
  mail_outbox: MailOutboxTable;
  notifications: NotificationsTable;
  notification_prefs: NotificationPrefsTable;
  job_runs: JobRunsTable;
  device_rollup_5m: DeviceRollup5mTable;
  plant_stats: PlantStatsTable;
  firmware: FirmwareTable;
  ota_events: OtaEventsTable;
  mqtt_configs: MqttConfigsTable;
  archive_config: ArchiveConfigTable;
  device_counters: DeviceCountersTable;
  commands: CommandsTable;
  plants: PlantsTable;
  products: ProductsTable;
  devices: DevicesTable;
  samples: SamplesTable;
  device_daily: DeviceDailyTable;
  plant_retired_energy: PlantRetiredEnergyTable;
  faults: FaultsTable;
  fault_events: FaultEventsTable;
  fault_codes: FaultCodesTable;
  org_groups: OrgGroupsTable;
  orgs: OrgsTable;
  users: UsersTable;
  roles: RolesTable;
  resources: ResourcesTable;
  resource_seeds: ResourceSeedsTable;
  role_resources: RoleResourcesTable;
  user_roles: UserRolesTable;
  sessions: SessionsTable;
  stream_tickets: StreamTicketsTable;
  login_failures: LoginFailuresTable;
  client_errors: ClientErrorsTable;
  content_items: ContentItemsTable;
  contact_messages: ContactMessagesTable;
  product_documents: ProductDocumentsTable;
  product_releases: ProductReleasesTable;
  product_problems: ProductProblemsTable;
  problem_pictures: ProblemPicturesTable;
}

export type User = Selectable<UsersTable>;
export type NewUser = Insertable<UsersTable>;
export type Org = Selectable<OrgsTable>;
