/** The filtered list as .xlsx, streamed (the shared ExportButton downloads it with its progress). */
export const FAULTS_EXPORT_PATH = '/faults/export';
