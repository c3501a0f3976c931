// The ingest thread (see IngestThread): an IngestPipeline on a connection of its own to the
// SQLite file, fed batches of raw device messages by the server's main thread.
import { parentPort, workerData } from 'node:worker_threads';
import type { FastifyBaseLogger } from 'fastify';
import { closeDb, createDb } from '../db/dialect.js';
import { IngestPipeline, IngestRejected, type CommittedBatch, type UpKind } from './pipeline.js';
import type { LogEntry, ThreadReply, ThreadRequest } from './ingest-thread.js';

const port = parentPort!;
const { databaseUrl } = workerData as { databaseUrl: string };
// the main connection runs the file's checkpoint thread
const { db } = createDb(databaseUrl, { checkpoints: false });

// what the pipeline logs goes back with the batch's answer, to the server's logger
let logs: LogEntry[] = [];
const logger = (level: LogEntry['level']) => (obj: object, msg?: string) =>
  void logs.push({ level, obj: level === 'error' ? errorFields(obj) : obj, msg });
const log = {
  warn: logger('warn'),
  error: logger('error'),
  info: logger('info'),
  debug: () => undefined,
} as unknown as FastifyBaseLogger;

let touched: number[] = [];
let commits: CommittedBatch[] = [];
const pipeline = new IngestPipeline(
  db,
  log,
  // the main thread decides when a batch goes: one batch here is written at once, in one transaction
  {
    maxBatch: Number.MAX_SAFE_INTEGER,
    flushMs: 60_000,
    onCommitted: (ids) => touched.push(...ids),
    onCommit: (b) => void commits.push(b),
  },
  'sqlite',
);

/** An error's fields that survive postMessage (the logger prints `err`). */
function errorFields(obj: object): object {
  const err = (obj as { err?: unknown }).err;
  return err instanceof Error
    ? { ...obj, err: { message: err.message, stack: err.stack, code: (err as { code?: string }).code } }
    : obj;
}

async function write(req: Extract<ThreadRequest, { type: 'batch' }>) {
  const bytes = Buffer.from(req.bytes);
  const outcomes = req.sns.map((sn, i) =>
    pipeline.submit(sn, req.kinds[i] as UpKind, bytes.subarray(req.ends[i - 1] ?? 0, req.ends[i])),
  );
  await pipeline.flush();
  const settled = await Promise.allSettled(outcomes);
  const reply: ThreadReply = {
    type: 'done',
    id: req.id,
    results: settled.map((s) =>
      s.status === 'fulfilled'
        ? null
        : { rejected: s.reason instanceof IngestRejected, message: (s.reason as Error).message },
    ),
    stats: { ...pipeline.stats },
    logs,
    touched,
    commits,
  };
  logs = [];
  touched = [];
  commits = [];
  port.postMessage(reply);
}

// one request at a time, in order: an invalidation sent after a console write comes before the next batch
let chain = Promise.resolve();
port.on('message', (req: ThreadRequest) => {
  chain = chain
    .then(async () => {
      if (req.type === 'batch') await write(req);
      else if (req.type === 'invalidate') pipeline.invalidate(req.sn);
      else if (req.type === 'cached')
        port.postMessage({ type: 'cached', count: await pipeline.cachedDevices() } satisfies ThreadReply);
      else {
        await pipeline.close();
        await closeDb(db);
        port.close();
      }
    })
    .catch((err: Error) => {
      // not expected (the pipeline answers each message): the batch fails as a whole, nothing is acknowledged
      if (req.type === 'batch')
        port.postMessage({
          type: 'done',
          id: req.id,
          results: req.sns.map(() => ({ rejected: false, message: err.message })),
          stats: { ...pipeline.stats },
          logs: [...logs, { level: 'error', obj: errorFields({ err }), msg: 'ingest batch failed' }],
          touched: [],
          commits: [],
        } satisfies ThreadReply);
      logs = [];
    });
});
