/**
 * What the rest of the server may use of the ingest: device keys, the pipeline's interface and
 * its refusal. Modules import from here, never from the ingest's files.
 */
export { deviceKeyColumns, hashDeviceKey, mosquittoHash, newDeviceKey } from './device-keys.js';
export { IngestRejected, type Ingest, type UpKind } from './pipeline.js';
