// Faults' states, severities, processing and their transitions, apart from their schemas in fault.ts
// (which re-exports them): the fault list and the notification settings read them on first load,
// and a module without zod keeps zod and the fault schemas out of them.

/**
 * Faults (issue 18). A device's fault event opens a record; the same code reported again while it
 * is open only counts up (occurrences, last seen); after it is fixed, a new report opens a new
 * record. `state` is the spec's repair status (fixed exactly when `processing` is 'fixed');
 * `processing` is the work on it: open → acknowledged → inProgress → fixed (open or acknowledged
 * may go straight to fixed).
 */
export const FAULT_STATES = ['unrepaired', 'fixed'] as const;
export type FaultState = (typeof FAULT_STATES)[number];

/** From the most to the least urgent (the severity sort follows this order). */
export const FAULT_SEVERITIES = ['critical', 'major', 'minor', 'warning'] as const;
export type FaultSeverity = (typeof FAULT_SEVERITIES)[number];
/** The severity of a code the catalogue does not know. */
export const DEFAULT_FAULT_SEVERITY: FaultSeverity = 'major';

export const FAULT_PROCESSING = ['open', 'acknowledged', 'inProgress', 'fixed'] as const;
export type FaultProcessing = (typeof FAULT_PROCESSING)[number];

/** What a person may do to a fault, and the processing states each is allowed from. */
export const FAULT_TRANSITIONS = {
  acknowledge: { from: ['open'], to: 'acknowledged' },
  start: { from: ['open', 'acknowledged'], to: 'inProgress' },
  repair: { from: ['open', 'acknowledged', 'inProgress'], to: 'fixed' },
} as const satisfies Record<string, { from: readonly FaultProcessing[]; to: FaultProcessing }>;
export type FaultTransition = keyof typeof FAULT_TRANSITIONS;

/** True when `action` may move a fault in `processing`. */
export function canTransition(processing: FaultProcessing, action: FaultTransition): boolean {
  return (FAULT_TRANSITIONS[action].from as readonly FaultProcessing[]).includes(processing);
}

/** History entries: by the device / system (user null) or by a person. */
export const FAULT_ACTIONS = ['opened', 'recurred', 'recovered', 'acknowledged', 'started', 'fixed', 'note'] as const;
export type FaultAction = (typeof FAULT_ACTIONS)[number];

export const FAULT_SORT_FIELDS = ['openedAt', 'severity'] as const;
export type FaultSortField = (typeof FAULT_SORT_FIELDS)[number];

export const FAULT_NOTE_MAX = 500;
