// Decision requests for the benchmarks: deterministic, over the whole vocabulary, most of them on
// the policy's own opcodes so that rules really match.
import {
  ACTIONS,
  BOOLEAN_ATTRIBUTES,
  type CompleteRequest,
  DESTINATIONS,
  JURISDICTIONS,
  LEGAL_BASES,
  type Policy,
  PRINCIPAL_ROLES,
  SUBJECT_REQUESTS,
  TARGETS,
  TIMINGS,
} from '@bytebound/compiler/policy-model';
import { seededRandom } from './stats.ts';

export function benchRequests(policy: Policy, count: number, seed = 42): CompleteRequest[] {
  const random = seededRandom(seed);
  const pick = <T>(values: readonly T[]): T => values[Math.floor(random() * values.length)]!;
  const opcodes = [...new Set(policy.rules.flatMap((r) => r.opcodes))];
  return Array.from({ length: count }, () => {
    const code = opcodes.length && random() < 0.8 ? pick(opcodes) : Math.floor(random() * 168);
    const attributes = {
      principalRole: pick(PRINCIPAL_ROLES),
      legalBasis: pick(LEGAL_BASES),
      destination: pick(DESTINATIONS),
      subjectRequest: random() < 0.7 ? 'none' : pick(SUBJECT_REQUESTS),
      elapsed: Math.floor(random() * 86_400 * 60),
      ...Object.fromEntries(BOOLEAN_ATTRIBUTES.map((name) => [name, random() < 0.2])),
      ...(random() < 0.5 ? { jurisdiction: pick(JURISDICTIONS) } : {}),
    } as CompleteRequest['attributes'];
    const target = TARGETS[code % 4]!;
    const extra = random() < 0.2 ? pick(TARGETS) : target;
    return {
      action: ACTIONS[Math.floor(code / 24)]!,
      timing: TIMINGS[Math.floor((code % 24) / 4)]!,
      targets: extra === target ? [target] : [target, extra],
      attributes,
    };
  });
}
