/**
 * What the rest of the server may use of the ingest: device keys, the pipeline's interface and
 * its refusal, and the rows it would keep for a device's samples (the demo history). Modules and
 * the seed import from here, never from the ingest's files.
 */
export { deviceKeyColumns, hashDeviceKey, mosquittoHash, newDeviceKey } from './device-keys.js';
export { dayStart } from './energy.js';
export { IngestRejected, type Ingest, type UpKind } from './pipeline.js';
export { DeviceSeries, seriesRows, type SeriesOptions, type SeriesRows, type SeriesSample } from './series.js';
export { markOffline } from './state.js';
export { startWorker } from './ts-worker.js';

/** The tables the ingest writes (their types; the declarations extend db/database.ts's Database). */
export type * from './tables.js';
export { mosquittoAcl, mosquittoPasswords } from './acl.js';
