// Loaded policies, least recently used evicted: parsing and loading (building the candidate
// tables) are not free, so repeated decisions against one policy do them once. Stored arbiters are
// keyed by their digest, inline texts by the SHA-256 of the exact text. The cache is bounded in
// entries and in size (each policy weighs the length of its JSON form), so that policies of any
// size, inline ones from any number of callers, cannot exhaust the server's memory.
import type { DestinationRecord, Policy } from '@bytebound/compiler/policy-model';
import { type LoadedPolicy, loadPolicy } from '@bytebound/engine/loaded-policy';
import { POLICY_CACHE_CHARACTERS, POLICY_CACHE_ENTRIES } from '../constants.ts';

export type CachedPolicy = {
  loaded: LoadedPolicy;
  digest: string;
  rules: number;
  /** The policy's destinations table: hosts with the basis or safeguards recorded for them. */
  destinations: readonly DestinationRecord[];
};

export class PolicyCache {
  private readonly entries = new Map<string, { policy: CachedPolicy; weight: number }>();
  private weight = 0;
  /** How many policies were parsed and loaded (misses). */
  loads = 0;

  constructor(
    readonly capacity = POLICY_CACHE_ENTRIES,
    readonly capacityCharacters = POLICY_CACHE_CHARACTERS,
  ) {}

  /** The loaded policy under `key`; `source` is called (parsed, loaded) only on a miss. A policy larger than the whole cache is answered, not kept. */
  get(key: string, source: () => { policy: Policy; digest: string }): CachedPolicy {
    // Re-inserting on a hit keeps the Map's first key the least recently used one.
    const hit = this.peek(key);
    if (hit) return hit;
    const { policy, digest } = source();
    const entry: CachedPolicy = { loaded: loadPolicy(policy), digest, rules: policy.rules.length, destinations: policy.destinations };
    this.put(key, entry, policyWeight(policy));
    return entry;
  }

  /** Keeps a policy loaded elsewhere (policy-loader.ts) under `key`, weighing `weight` (policyWeight); evicts the least recently used past the bounds. */
  put(key: string, entry: CachedPolicy, weight: number): void {
    const previous = this.entries.get(key);
    if (previous) {
      this.entries.delete(key);
      this.weight -= previous.weight;
    }
    this.loads++;
    this.entries.set(key, { policy: entry, weight });
    this.weight += weight;
    while (this.entries.size > this.capacity || this.weight > this.capacityCharacters) {
      const [oldest, { weight: freed }] = this.entries.entries().next().value!;
      this.entries.delete(oldest);
      this.weight -= freed;
    }
  }

  /** The loaded policy under `key` if it is in memory (marked as recently used); never loads. */
  peek(key: string): CachedPolicy | undefined {
    const hit = this.entries.get(key);
    if (hit) {
      this.entries.delete(key);
      this.entries.set(key, hit);
    }
    return hit?.policy;
  }

  get size(): number {
    return this.entries.size;
  }

  /** The cached policies' total weight: the length of their JSON forms. */
  get characters(): number {
    return this.weight;
  }
}

/** What a policy weighs in the cache: the length of its JSON form. */
export function policyWeight(policy: Policy): number {
  return JSON.stringify(policy).length;
}
