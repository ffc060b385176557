// The built-in arbiters: one per regulation, the regulation's baseline profile compiled on first
// use (DESIGN section 3), readable by every key. Named by the regulation in lower case: gdpr,
// ccpa, hipaa, pci-dss, eu-ai-act, sox, lgpd, pipeda, pipl, vcdpa, ny-shield.
import { policyDigest } from '@bytebound/compiler/bytebound-format';
import { type Policy, REGULATIONS, type RegulationId } from '@bytebound/compiler/policy-model';
import { buildPolicy } from '@bytebound/compiler/policy/build-policy';
import { REGULATION_PROFILES } from '@bytebound/compiler/policy/baselines';

export const BUILT_IN_VERSION = 1;

export type BuiltInArbiter = { name: string; regulation: RegulationId; title: string };

export const BUILT_IN_ARBITERS: readonly BuiltInArbiter[] = REGULATIONS.map((regulation) => ({
  name: regulation.toLowerCase(),
  regulation,
  title: REGULATION_PROFILES[regulation].name,
}));

export function builtInArbiter(name: string): BuiltInArbiter | undefined {
  return BUILT_IN_ARBITERS.find((a) => a.name === name.toLowerCase());
}

const compiled = new Map<RegulationId, { policy: Policy; digest: string }>();

function compiledBuiltIn(arbiter: BuiltInArbiter): { policy: Policy; digest: string } {
  let entry = compiled.get(arbiter.regulation);
  if (!entry) {
    const policy = buildPolicy([], { enforcementLevel: 'strict', regulations: [arbiter.regulation] });
    entry = { policy, digest: policyDigest(policy) };
    compiled.set(arbiter.regulation, entry);
  }
  return entry;
}

/** The regulation's baseline policy (strict), built once per process. */
export function builtInPolicy(arbiter: BuiltInArbiter): Policy {
  return compiledBuiltIn(arbiter).policy;
}

/** Its digest, computed once (printing a policy to hash it is not free). */
export function builtInDigest(arbiter: BuiltInArbiter): string {
  return compiledBuiltIn(arbiter).digest;
}
