// The jobs thread (see JobsThread): runs the tasks the modules name, on a connection of its own
// to the SQLite file. It imports a task's file when first asked and knows no domain.
import { setPriority } from 'node:os';
import { parentPort, workerData } from 'node:worker_threads';
import { closeDb, createDb } from '../db/dialect.js';
import type { JobsReply, JobsRequest } from './jobs-thread.js';

const port = parentPort!;

/**
 * The roll-ups are background work: on Linux, where a nice value is a thread's own (setpriority of
 * "this process" from a thread changes that thread only), this one runs at nice 10, so that when
 * the cores are busy the API's thread and the ingest's come first; when they are not it runs as
 * fast as before (docs/performance.md). Elsewhere (macOS) the call would lower the whole server:
 * it is not made.
 */
const JOBS_THREAD_NICE = 10;
if (process.platform === 'linux') {
  try {
    setPriority(JOBS_THREAD_NICE);
  } catch {
    // not allowed here (a seccomp profile, say): the thread runs at the server's priority
  }
}
const { databaseUrl } = workerData as { databaseUrl: string };
// the main connection runs the file's checkpoint thread
const { db } = createDb(databaseUrl, { checkpoints: false });
const runs = new Set<Promise<unknown>>();
type TaskFile = Record<string, unknown> & { onThreadClose?: (d: typeof db) => Promise<void> };
const loaded = new Map<string, Promise<TaskFile>>();

function call(url: string, name: string, input: unknown): Promise<unknown> {
  let file = loaded.get(url);
  if (!file) loaded.set(url, (file = import(url) as Promise<TaskFile>));
  return file.then((m) => {
    const task = m[name];
    if (typeof task !== 'function') throw new Error(`${url} has no task ${name}`);
    return (task as (d: typeof db, i: unknown) => unknown)(db, input);
  });
}

function track(run: Promise<unknown>) {
  runs.add(run);
  void run.finally(() => runs.delete(run));
}

port.on('message', (req: JobsRequest) => {
  if (req.type === 'run')
    track(
      call(req.url, req.name, req.input).then(
        (result) => port.postMessage({ type: 'done', id: req.id, result } satisfies JobsReply),
        (err: Error) =>
          port.postMessage({ type: 'failed', id: req.id, message: err.message, stack: err.stack } satisfies JobsReply),
      ),
    );
  else if (req.type === 'send') track(call(req.url, req.name, req.input).catch(() => undefined));
  else
    void Promise.all([...loaded.values()].map((f) => f.then((m) => m.onThreadClose?.(db)).catch(() => undefined)))
      .then(() => Promise.allSettled([...runs]))
      .then(() => closeDb(db))
      .finally(() => port.close());
});
