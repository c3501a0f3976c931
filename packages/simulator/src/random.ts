import prand from 'pure-rand';

/** A seeded random source: the same seed gives the same fleet and the same weather. */
export class Rng {
  private readonly gen: prand.RandomGenerator;

  constructor(seed: number) {
    this.gen = prand.xoroshiro128plus(seed | 0);
  }

  /** Uniform in [0, 1). */
  next(): number {
    return prand.unsafeUniformIntDistribution(0, 0x7fffffff, this.gen) / 0x80000000;
  }

  between(min: number, max: number): number {
    return min + (max - min) * this.next();
  }

  int(min: number, max: number): number {
    return prand.unsafeUniformIntDistribution(min, max, this.gen);
  }

  chance(probability: number): boolean {
    return this.next() < probability;
  }

  pick<T>(items: readonly T[]): T {
    if (items.length === 0) throw new Error('pick from an empty list');
    return items[this.int(0, items.length - 1)]!;
  }

  /** Standard normal (Box–Muller). */
  normal(): number {
    const u = 1 - this.next();
    const v = this.next();
    return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * v);
  }
}

/** A child seed derived from a parent seed and a label, so each device has its own stream. */
export function deriveSeed(seed: number, label: string): number {
  let h = seed ^ 0x9e3779b9;
  for (let i = 0; i < label.length; i++) h = Math.imul(h ^ label.charCodeAt(i), 0x01000193);
  return h >>> 0;
}
