import { LRUCache } from 'lru-cache';

/**
 * An LRU of values read from the database that a change makes stale at once. `clear()` empties it
 * and starts a new generation; a read that began in an older generation (`begin()` before the
 * read, `set(…, generation)` after) is not stored, so a read racing a change never puts the old
 * value back. Entries also expire after `ttlMs` (0 turns the cache off).
 */
export class GenerationCache<V extends NonNullable<unknown>> {
  private readonly entries: LRUCache<string, V> | undefined;
  private generation = 0;

  constructor(options: { ttlMs: number; max: number; maxSize?: number; sizeOf?: (value: V) => number }) {
    this.entries =
      options.ttlMs > 0
        ? new LRUCache<string, V>({
            max: options.max,
            ttl: options.ttlMs,
            ...(options.maxSize && options.sizeOf ? { maxSize: options.maxSize, sizeCalculation: options.sizeOf } : {}),
          })
        : undefined;
  }

  get(key: string): V | undefined {
    return this.entries?.get(key);
  }
  /** Starts a read: the generation to hand back to `set`. */
  begin(): number {
    return this.generation;
  }
  set(key: string, generation: number, value: V) {
    if (generation === this.generation) this.entries?.set(key, value);
  }
  /** The value of `key`, read with `load` when it is not kept (and kept unless a change came meanwhile). */
  async getOrLoad(key: string, load: () => Promise<V>): Promise<V> {
    const hit = this.get(key);
    if (hit !== undefined) return hit;
    const generation = this.begin();
    const value = await load();
    this.set(key, generation, value);
    return value;
  }
  clear() {
    this.generation++;
    this.entries?.clear();
  }
  get size() {
    return this.entries?.size ?? 0;
  }
}
