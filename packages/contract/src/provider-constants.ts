// The service providers' kinds and states, apart from their schemas in provider.ts (which re-exports
// them): the provider list reads them on first load, and a module without zod keeps zod and the
// schemas of the provider and tariff forms out of it.

export const PROVIDER_TYPES = ['epc', 'installer', 'om', 'distributor'] as const;
export type ProviderType = (typeof PROVIDER_TYPES)[number];
export const PROVIDER_SERVICE_TYPES = ['installation', 'maintenance', 'cleaning', 'fullService'] as const;
export type ProviderServiceType = (typeof PROVIDER_SERVICE_TYPES)[number];
export const CONTRACT_STATUSES = ['pending', 'active', 'suspended', 'expired'] as const;
export type ContractStatus = (typeof CONTRACT_STATUSES)[number];
/** Plants one assignment may move at once. */
export const PROVIDER_ASSIGN_MAX = 500;

const DAY_RE = /^\d{4}-\d{2}-\d{2}$/;
/** A real calendar day (2026-02-30 is not), yyyy-mm-dd. */
export const isCalendarDay = (v: string) => {
  if (!DAY_RE.test(v)) return false;
  const d = new Date(`${v}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === v;
};
