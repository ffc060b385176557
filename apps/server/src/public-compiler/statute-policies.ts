// parse-statute's answer: a compiled statute split into one policy per regulation it touches, each
// with the articles (EU) or sections (elsewhere) the text cites and the rules that enforce them.
import { policyDigest } from '@bytebound/compiler/bytebound-format';
import type { CompileSuccess } from '@bytebound/compiler/compile';
import { REGULATION_PROFILES } from '@bytebound/compiler/policy/baselines';
import type { Effect, Policy } from '@bytebound/compiler/policy-model';

export type StatuteRule = { id: string; effect: Effect; article: string; reason: string; origin: 'baseline' | 'text'; review: string[] };

export type StatutePolicy = {
  id: string;
  name: string;
  /** The digest of this regulation's part of the policy: it changes when any of its rules does. */
  version: string;
  rules: StatuteRule[];
} & ({ articles: string[] } | { sections: string[] });

export function regulationPolicies(result: CompileSuccess): StatutePolicy[] {
  return result.policy.regulations.map((regulation) => {
    const rules = result.policy.rules.filter((r) => r.regulation === regulation.id);
    const part: Policy = { ...result.policy, regulations: [regulation], rules };
    const cited = [...new Set(result.norms.filter((n) => n.source.regulation === regulation.id).map((n) => n.source.article))];
    const references = cited.length > 0 ? cited : [...new Set(rules.map((r) => r.article))];
    const base = {
      id: regulation.id.toLowerCase(),
      name: REGULATION_PROFILES[regulation.id].name,
      version: policyDigest(part),
      rules: rules.map((r) => ({ id: r.id, effect: r.effect, article: r.article, reason: r.reason, origin: r.origin, review: r.review })),
    };
    return regulation.jurisdiction === 'EU' ? { ...base, articles: references } : { ...base, sections: references };
  });
}
