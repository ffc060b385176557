// The optimizing stage: drop rules that can never apply, merge rules that differ only in their
// opcodes, and (maximum) store rules in decision order so evaluators can exit early. Decisions are
// unchanged except that merged rules answer under one id.
import { decodeOpcode, type CompileOptions, type Condition, type Policy, type Rule } from '../policy-model.ts';

/** True when the conditions can never all hold (x = true and x = false, an empty list, ...). */
function contradictory(when: Condition[]): boolean {
  const bools = new Map<string, boolean>();
  const enums = new Map<string, Set<string>>();
  for (const c of when) {
    if ('equals' in c) {
      if (bools.has(c.attribute) && bools.get(c.attribute) !== c.equals) return true;
      bools.set(c.attribute, c.equals);
    } else if ('in' in c) {
      const prev = enums.get(c.attribute);
      const next = new Set(prev ? c.in.filter((v) => prev.has(v)) : c.in);
      if (next.size === 0) return true;
      enums.set(c.attribute, next);
    }
  }
  return false;
}

/** An `unless` atom that is implied by `when` makes the rule dead. */
function selfExcluded(rule: Rule): boolean {
  return rule.unless.some((u) =>
    rule.when.some((w) => {
      if ('equals' in u && 'equals' in w) return u.attribute === w.attribute && u.equals === w.equals;
      if ('in' in u && 'in' in w) return u.attribute === w.attribute && w.in.every((v) => u.in.includes(v));
      return false;
    }),
  );
}

function live(policy: Policy, rule: Rule): Rule | null {
  const covers = new Set(policy.regulations.filter((r) => r.id === rule.regulation).flatMap((r) => r.covers));
  const opcodes = rule.opcodes.filter((o) => covers.has(decodeOpcode(o).target));
  if (opcodes.length === 0 || contradictory(rule.when) || selfExcluded(rule)) return null;
  return { ...rule, opcodes };
}

/** Rules with the same signature differ only in their opcodes (and id): they merge into the first. */
const signature = (r: Rule) => JSON.stringify([r.effect, r.regulation, r.priority, r.article, r.reason, r.quote, r.when, r.unless, r.review]);

export function optimizePolicy(policy: Policy, level: CompileOptions['optimizationLevel']): Policy {
  return optimizeRules(policy, level).policy;
}

/** An optimized policy, and what became of each rule: the id it answers under now (its own, or the twin's it merged into); absent when dropped. */
export type OptimizedPolicy = { policy: Policy; answersAs: Map<string, string> };

export function optimizeRules(policy: Policy, level: CompileOptions['optimizationLevel']): OptimizedPolicy {
  if (level === 'none') return { policy, answersAs: new Map(policy.rules.map((r) => [r.id, r.id])) };
  const rules: Rule[] = [];
  const bySignature = new Map<string, Rule>();
  const answersAs = new Map<string, string>();
  for (const r of policy.rules) {
    const rule = live(policy, r);
    if (!rule) continue;
    const key = signature(rule);
    const twin = bySignature.get(key);
    if (twin) {
      twin.opcodes = [...new Set([...twin.opcodes, ...rule.opcodes])].sort((x, y) => x - y);
      answersAs.set(r.id, twin.id);
    } else {
      const copy = { ...rule, opcodes: [...rule.opcodes] };
      bySignature.set(key, copy);
      rules.push(copy);
      answersAs.set(r.id, r.id);
    }
  }
  // Decision order: priority first, ties keep policy order (Array.prototype.sort is stable).
  if (level === 'maximum') rules.sort((a, b) => b.priority - a.priority);
  return { policy: { ...policy, rules }, answersAs };
}
