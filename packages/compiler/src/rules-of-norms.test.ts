// Which rules each norm produced (CompileSuccess.rulesOfNorms): the demo shows every norm beside
// its own rules. A sentence may hold several norms, and optimizing drops dead rules and merges
// twins, so the rules quoting a norm's sentence are not the same thing as the norm's rules.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { compile, type CompileSuccess } from './compile.ts';
import { buildPolicyFromNorms } from './policy/build-policy.ts';
import { optimizeRules } from './policy/optimize.ts';
import type { CompileOptions, Norm, Policy } from './policy-model.ts';
import { TEMPLATES } from './templates.ts';

const compiled = (text: string, options: Partial<CompileOptions> = {}): CompileSuccess => {
  const result = compile(text, { format: 'bytebound', options });
  if (!result.ok) throw new Error(result.error);
  return result;
};

/** What must hold of any compile: each listed rule exists and quotes its norm's sentence; every rule from the text is some norm's. */
function expectSound(result: CompileSuccess): void {
  const byId = new Map(result.policy.rules.map((r) => [r.id, r]));
  expect(result.rulesOfNorms).toHaveLength(result.norms.length);
  result.norms.forEach((norm, i) => {
    for (const id of result.rulesOfNorms[i]!) {
      expect(byId.get(id)).toMatchObject({ origin: 'text', quote: norm.source.quote });
    }
  });
  const listed = new Set(result.rulesOfNorms.flat());
  expect(result.policy.rules.filter((r) => r.origin === 'text' && !listed.has(r.id)).map((r) => r.id)).toEqual([]);
}

describe('the rules each norm produced', () => {
  it('two norms in one sentence each list their own rules, not the sentence’s', () => {
    const result = compiled('Article 17. The controller shall not transfer personal data to a third country and shall erase personal data without undue delay.');
    expect(result.norms.map((n) => [n.modality, n.action])).toEqual([
      ['prohibition', 'share'],
      ['obligation', 'delete'],
    ]);
    const effects = result.rulesOfNorms.map((ids) => ids.map((id) => result.policy.rules.find((r) => r.id === id)!.effect));
    expect(effects[0]).toEqual(['forbid']);
    expect(effects[1]).toContain('permit');
    expect(result.rulesOfNorms[0]!.some((id) => result.rulesOfNorms[1]!.includes(id))).toBe(false);
    expectSound(result);
  });

  it('a provision read twice lists the rules of its first reading', () => {
    const sentence = 'The processor shall not sell personal data.';
    const result = compiled(`Article 5. ${sentence}\n\nArticle 5. ${sentence}`);
    expect(result.norms).toHaveLength(2);
    expect(result.rulesOfNorms[1]).toEqual(result.rulesOfNorms[0]);
    expect(result.rulesOfNorms[0]!.length).toBeGreaterThan(0);
  });

  it('holds for every template at every optimization level', () => {
    for (const template of Object.values(TEMPLATES)) {
      for (const optimizationLevel of ['none', 'basic', 'maximum'] as const) expectSound(compiled(template.content, { optimizationLevel }));
    }
  });

  it('holds for legal-looking word salad', () => {
    const words = fc.constantFrom('shall', 'not', 'may', 'Article 17.', 'controller', 'processor', 'personal data', 'health data', 'transfer', 'erase', 'sell', 'process', 'and', 'or', 'unless', 'within 72 hours', '.', 'to a third country');
    fc.assert(
      fc.property(fc.array(words, { minLength: 3, maxLength: 120 }), fc.constantFrom('none', 'basic', 'maximum' as const), (chosen, optimizationLevel) => {
        const result = compile(`Article 1. ${chosen.join(' ')}.`, { format: 'bytebound', options: { optimizationLevel } });
        if (result.ok) expectSound(result);
      }),
      { numRuns: 200 },
    );
  });
});

describe('optimizing keeps track of the rules', () => {
  const norm = (action: Norm['action'], target: Norm['target']): Norm => ({
    modality: 'prohibition',
    subject: 'controller',
    action,
    target,
    deadline: null,
    condition: null,
    exceptions: [],
    source: { regulation: 'GDPR', article: 'GDPR Art. 9', quote: 'The controller shall not process or share health data.', span: [0, 10] },
  });

  it('a merged twin answers under the id it merged into; a dead rule is absent', () => {
    const built = buildPolicyFromNorms([norm('process', 'sensitive'), norm('share', 'sensitive')], { enforcementLevel: 'strict', regulations: ['GDPR'] });
    const [first, second] = built.rulesOfNorms.map((ids) => ids[0]!);
    // The two prohibitions differ in their opcodes only when their reasons match: make them twins, and add a rule that can never apply.
    const rules = built.policy.rules.map((r) => (r.id === second ? { ...r, reason: built.policy.rules.find((x) => x.id === first)!.reason } : r));
    const dead = { ...rules.find((r) => r.id === first)!, id: 'never', when: [{ attribute: 'consent' as const, equals: true }, { attribute: 'consent' as const, equals: false }] };
    const policy: Policy = { ...built.policy, rules: [...rules, dead] };
    const { policy: optimized, answersAs } = optimizeRules(policy, 'basic');
    expect(answersAs.get(first!)).toBe(first);
    expect(answersAs.get(second!)).toBe(first);
    expect(answersAs.has('never')).toBe(false);
    expect(optimized.rules.map((r) => r.id)).not.toContain(second);
    expect(optimizeRules(policy, 'none').answersAs.get(second!)).toBe(second);
  });
});
