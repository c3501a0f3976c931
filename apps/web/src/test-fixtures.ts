import { deviceRow, type DeviceRow, type FaultRow, type OrgTreeRow, type PlantRow, type Profile } from '@pv/contract';

// Whole answers for component tests' fetch stubs (test-fetch.ts checks every stubbed answer against
// the contract): a test names only what it is about, the rest is filled in as the server would.

const AT = Date.UTC(2026, 10, 1, 8);

/** GET /profile */
export const aProfile = (over: Partial<Profile> = {}): Profile => ({
  id: 1,
  loginName: 'agent',
  nickname: 'SunPath Agent',
  mobile: null,
  email: null,
  orgName: 'SunPath',
  roles: ['agent'],
  avatar: '',
  createdAt: AT,
  timeZone: null,
  ...over,
});

/** A row of GET /orgs (the tree) */
export const anOrg = (over: Partial<OrgTreeRow> & Pick<OrgTreeRow, 'id' | 'name'>): OrgTreeRow => ({
  parentId: null,
  code: `ORG${over.id}`,
  groupId: 1,
  groupCode: 'AGENT',
  groupName: 'Agent',
  number: null,
  address: null,
  contact: null,
  phone: null,
  groupings: [],
  createdAt: AT,
  users: 0,
  plants: 0,
  devices: 0,
  ...over,
});

/** A row of GET /plants */
export const aPlantRow = (over: Partial<PlantRow> & Pick<PlantRow, 'id' | 'name'>): PlantRow => ({
  capacityKw: 10,
  country: null,
  timeZone: 'Europe/Berlin',
  address: null,
  installedAt: null,
  dataUpdatedAt: null,
  ownerId: null,
  ownerName: null,
  installerOrgId: null,
  installerName: null,
  orgId: 2,
  orgName: 'SunPath',
  power: 0,
  energyToday: 0,
  energyMonth: 0,
  energyYear: 0,
  energyTotal: 0,
  status: 'online',
  devices: 0,
  devicesOnline: 0,
  openFaults: 0,
  favourite: false,
  installPosition: null,
  installCapacityWp: null,
  latitude: null,
  longitude: null,
  createdAt: AT,
  powerCompanyId: null,
  priceArea: null,
  currency: null,
  revenueToday: null,
  revenueTotal: null,
  ...over,
});

/** GET /plants: a page of rows, with the status tab counts */
export const aPlantPage = (rows: PlantRow[], total = rows.length) => ({
  rows,
  total,
  counts: { all: total, online: total, offline: 0, fault: 0 },
});

/** A row of GET /faults and GET /plants/{id}/faults */
export const aFaultRow = (over: Partial<FaultRow> & Pick<FaultRow, 'id'>): FaultRow => ({
  deviceId: 1,
  sn: 'INV-001',
  deviceName: 'Inverter 1',
  plantId: null,
  plantName: null,
  plantTimeZone: null,
  code: 'F01',
  title: 'Fault F01',
  message: null,
  severity: 'major',
  state: 'unrepaired',
  processing: 'open',
  occurrences: 1,
  openedAt: AT,
  lastSeenAt: AT,
  recoveredAt: null,
  fixedAt: null,
  handledBy: null,
  handledAt: null,
  durationMs: 0,
  ...over,
});

/** A device as a row of GET /devices: a device's detail without what only the detail carries (energy, flow, …). */
export const asDeviceRow = (device: object): DeviceRow =>
  Object.fromEntries(Object.keys(deviceRow.shape).map((k) => [k, (device as Record<string, unknown>)[k]])) as DeviceRow;
