import { LRUCache } from 'lru-cache';

/**
 * At most `limit` units per key in a fixed window of `windowMs`, counted in this process (the public
 * contact form per address, the console's error reports per user). Keys are kept in an LRU, so a
 * flood of new keys costs bounded memory.
 */
export class WindowLimiter<K extends string | number> {
  private readonly windows = new LRUCache<K, { start: number; count: number }>({ max: 10_000 });
  constructor(
    private readonly limit: number,
    private readonly windowMs: number,
  ) {}

  /** Counts `n` units for `key`; false (and nothing counted) when they would pass the limit. */
  take(key: K, n = 1, now = Date.now()): boolean {
    let w = this.windows.get(key);
    if (!w || now - w.start >= this.windowMs) w = { start: now, count: 0 };
    const ok = w.count + n <= this.limit;
    if (ok) w.count += n;
    this.windows.set(key, w);
    return ok;
  }
}
