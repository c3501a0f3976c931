// Loaded before anything imports React (the first of setupFiles): React's scheduler keeps the
// `setImmediate` it finds when it loads. A tick it queued while a test file's DOM existed can come
// due after vitest has torn that DOM down (a busy machine, a timer of antd's); it would then meet a
// missing `window` and fail the run although every test passed. Such a tick has nothing left to
// render into, and the worker ends with its file (isolated workers), so it is dropped.
const queue = globalThis.setImmediate;
globalThis.setImmediate = Object.assign(
  <A extends unknown[]>(callback: (...args: A) => void, ...args: A) =>
    queue(() => {
      if (typeof window !== 'undefined') callback(...args);
    }),
  { __promisify__: queue.__promisify__ },
) as typeof setImmediate;

export {};
