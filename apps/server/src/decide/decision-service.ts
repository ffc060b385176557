// The decision API's core: resolve the arbiters a request names (built-in, the customer's own, or
// an inline policy), complete the request once, consult the arbiters in parallel and combine.
// Signing and recording are decision-recorder.ts's. One service per app (decision-services.ts).
import crypto from 'node:crypto';
import { policyDigest } from '@bytebound/compiler/bytebound-format';
import type { CompleteRequest, Decision, Policy } from '@bytebound/compiler/policy-model';
import { completeRequest } from '@bytebound/compiler/request';
import { hostOf, resolveDestination } from '@bytebound/engine/agent/destinations';
import { failSecure } from '@bytebound/engine/decide';
import { ARBITER_TIMEOUT_MS, NEW_POLICY_BYTES_PER_MINUTE } from '../constants.ts';
import type { Database } from '../db/database.ts';
import { HttpError } from '../http/errors.ts';
import { arbiterSource, findArbiterToConsult } from '../arbiters/arbiter-store.ts';
import { BUILT_IN_ARBITERS, BUILT_IN_VERSION, type BuiltInArbiter, builtInArbiter, builtInDigest, builtInPolicy } from '../arbiters/built-in-arbiters.ts';
import { type ArbiterCall, type ArbiterOutcome, combineOutcomes, consultArbiters, type RequestFor, type ResolvedArbiter } from './consult-arbiters.ts';
import { NewPolicyBudget } from './new-policy-budget.ts';
import { type CachedPolicy, PolicyCache } from './policy-cache.ts';
import { PolicyLoader } from './policy-loader.ts';

/** The reference an inline policy gets in the records. */
export const INLINE_POLICY_REF = 'inline';

/** An arbiter added in code, with a policy fixed for the process (tests register a slow one to exercise the timeout). */
export type RegisteredArbiter = () => Promise<{ policy: Policy; digest?: string }>;

export type Consultation = {
  /** The combined decision, or a fail-secure DENY for a malformed request. */
  decision: Decision;
  outcomes: ArbiterOutcome[];
  /** Engine time from the completed request to the combined decision, in nanoseconds. */
  latencyNs: number;
};

export class DecisionService {
  readonly cache = new PolicyCache();
  /** Parses and prepares stored and inline policies in a thread of its own (policy-loader.ts). */
  readonly loader = new PolicyLoader();
  /** The loads under way, by cache key: decisions naming a policy while it loads wait for the same load. */
  private readonly loading = new Map<string, Promise<CachedPolicy>>();
  private readonly registered = new Map<string, RegisteredArbiter>();
  /** The digest of each registered arbiter's policy once it has been loaded (its policy is fixed for the process). */
  private readonly registeredDigests = new Map<string, string>();
  /** The arbiter timeout of spec section 9. */
  readonly arbiterTimeoutMs = ARBITER_TIMEOUT_MS;
  /** Inline policy text not seen before, per caller and minute (new-policy-budget.ts). */
  private readonly newPolicies = new NewPolicyBudget(NEW_POLICY_BYTES_PER_MINUTE);

  constructor(private readonly db: Database) {}

  /** Adds an arbiter every key can name, next to the built-in ones. */
  registerArbiter(name: string, load: RegisteredArbiter): void {
    this.registered.set(name, load);
  }

  /** Checks that every named arbiter exists for this customer; throws 404 naming the first that does not. */
  async resolve(customerId: string, refs: readonly string[]): Promise<ArbiterCall[]> {
    return Promise.all(refs.map((ref) => this.resolveOne(customerId, ref)));
  }

  private async resolveOne(customerId: string, ref: string): Promise<ArbiterCall> {
    const registered = this.registered.get(ref);
    if (registered) {
      const resolved = (policy: CachedPolicy): ResolvedArbiter => ({ id: ref, version: null, policy });
      return {
        ref,
        // Once loaded, the policy's digest is remembered, so later decisions need no load or hash.
        ready: () => {
          const digest = this.registeredDigests.get(ref);
          const entry = digest === undefined ? undefined : this.cache.peek(digest);
          return entry && resolved(entry);
        },
        load: async () => resolved(await this.loadRegistered(ref, registered)),
      };
    }
    const builtIn = builtInArbiter(ref);
    if (builtIn) {
      const digest = builtInDigest(builtIn);
      const resolved = (policy: CachedPolicy): ResolvedArbiter => ({ id: builtIn.name, version: BUILT_IN_VERSION, policy });
      return {
        ref,
        ready: () => {
          const entry = this.cache.peek(digest);
          return entry && resolved(entry);
        },
        load: async () => resolved(this.loadBuiltIn(builtIn)),
      };
    }
    const arbiter = await findArbiterToConsult(this.db, customerId, ref);
    if (!arbiter) throw new HttpError(404, `Unknown arbiter '${ref}': name a built-in arbiter or one of your own (GET /api/v1/arbiters)`);
    const { version, digest } = arbiter;
    const resolved = (policy: CachedPolicy): ResolvedArbiter => ({ id: arbiter.id, version, policy });
    return {
      ref,
      ready: () => {
        const entry = this.cache.peek(digest);
        return entry && resolved(entry);
      },
      load: async () => {
        const row = await arbiterSource(this.db, arbiter.id, version);
        if (!row) throw new Error(`version ${version} of arbiter ${arbiter.id} is missing`);
        return resolved(await this.prepared(row.digest, row.source, `customer:${customerId}`));
      },
    };
  }

  /**
   * Loads every built-in and registered arbiter's policy into the cache (a few tenths of a second,
   * once at start: the receptionist's is compiled from its text), so that no decision naming one
   * waits while it is built, nor counts that time as its own.
   */
  async loadArbiters(): Promise<void> {
    for (const builtIn of BUILT_IN_ARBITERS) this.loadBuiltIn(builtIn);
    for (const [ref, load] of this.registered) await this.loadRegistered(ref, load);
  }

  private async loadRegistered(ref: string, load: RegisteredArbiter): Promise<CachedPolicy> {
    const { policy, digest } = await load();
    const resolvedDigest = digest ?? policyDigest(policy);
    this.registeredDigests.set(ref, resolvedDigest);
    return this.cache.get(resolvedDigest, () => ({ policy, digest: resolvedDigest }));
  }

  private loadBuiltIn(builtIn: BuiltInArbiter): CachedPolicy {
    const digest = builtInDigest(builtIn);
    return this.cache.get(digest, () => ({ policy: builtInPolicy(builtIn), digest }));
  }

  /**
   * An inline .bb text as an arbiter call; a text that does not parse fails (and so denies) when
   * consulted. A text not in the cache counts against `caller`'s minute of new policy text (429 past it).
   */
  inlinePolicy(text: string, caller: string): ArbiterCall {
    const key = `text:${crypto.createHash('sha256').update(text, 'utf8').digest('hex')}`;
    if (this.cache.peek(key) === undefined) this.newPolicies.charge(caller, text);
    const resolved = (policy: CachedPolicy): ResolvedArbiter => ({ id: null, version: null, policy });
    return {
      ref: INLINE_POLICY_REF,
      ready: () => {
        const entry = this.cache.peek(key);
        return entry && resolved(entry);
      },
      load: async () => {
        try {
          return resolved(await this.prepared(key, text, caller));
        } catch (error) {
          throw new Error(`the policy does not load: ${error instanceof Error ? error.message : String(error)}`);
        }
      },
    };
  }

  /** The policy under `key`, from the cache or else loaded from `text` in the loader's thread (in `client`'s turn) and kept. */
  private prepared(key: string, text: string, client: string): Promise<CachedPolicy> {
    const hit = this.cache.peek(key);
    if (hit) return Promise.resolve(hit);
    let loading = this.loading.get(key);
    if (!loading) {
      loading = this.loader
        .load(text, client)
        .then(({ policy, weight }) => {
          this.cache.put(key, policy, weight);
          return policy;
        })
        .finally(() => this.loading.delete(key));
      this.loading.set(key, loading);
    }
    return loading;
  }

  /** Completes the request once, then consults every call; a malformed request denies without consulting. */
  async consult(calls: readonly ArbiterCall[], request: unknown): Promise<Consultation> {
    const started = process.hrtime.bigint();
    const completed = completeRequest(request);
    if (!completed.ok) {
      return { decision: failSecure(completed.error), outcomes: [], latencyNs: Number(process.hrtime.bigint() - started) };
    }
    const outcomes = await consultArbiters(calls, withDestinations(request, completed.request), this.arbiterTimeoutMs);
    const decision = combineOutcomes(outcomes);
    return { decision, outcomes, latencyNs: Number(process.hrtime.bigint() - started) };
  }
}

/**
 * Where the request's data goes, when its resource names a host (`resource.host`, or the host of
 * `resource.url`): each arbiter fills `destination`, `legalBasis` and `safeguards` from its own
 * destinations table (DESIGN section 3), so a recorded, legitimate recipient can be allowed.
 * Attributes the caller sent always win.
 */
function withDestinations(raw: unknown, request: CompleteRequest): CompleteRequest | RequestFor {
  const resource = (raw as { resource?: unknown }).resource;
  if (typeof resource !== 'object' || resource === null) return request;
  const { host, url } = resource as { host?: unknown; url?: unknown };
  const target = typeof host === 'string' && host.length > 0 ? host.toLowerCase() : typeof url === 'string' ? hostOf(url) : null;
  if (target === null) return request;
  const given = new Set(Object.keys(((raw as { attributes?: unknown }).attributes as object | undefined) ?? {}));
  return (policy: CachedPolicy) => {
    const resolved = resolveDestination(target, policy.destinations);
    const attributes = { ...request.attributes };
    if (!given.has('destination')) attributes.destination = resolved.destination;
    if (!given.has('legalBasis') && resolved.recordedAs !== null) attributes.legalBasis = resolved.legalBasis;
    if (!given.has('safeguards') && resolved.recordedAs !== null) attributes.safeguards = resolved.safeguards;
    return { ...request, attributes };
  };
}
