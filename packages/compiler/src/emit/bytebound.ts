// The bytebound (.bb) emitter: the printer over the policy in decision order, plus (includeTests)
// test vectors and (development) the opcode index, both in comment blocks the parser skips.
import { bbString, opcodeLabel, printPolicy } from '../bytebound-format.ts';
import type { CompileOptions, Policy } from '../policy-model.ts';
import type { Emitter } from './emitter.ts';
import { rulesInDecisionOrder } from './escape.ts';
import { testVectors } from './test-vectors.ts';

export const emitBytebound: Emitter = (policy: Policy, options: CompileOptions): string => {
  const ordered: Policy = { ...policy, rules: rulesInDecisionOrder(policy) };
  let out = printPolicy(ordered);
  if (options.targetEnvironment === 'development') {
    const index = new Map<number, string[]>();
    for (const rule of ordered.rules) for (const o of rule.opcodes) index.set(o, [...(index.get(o) ?? []), rule.id]);
    out += '\n# trace: the rules each opcode consults, in decision order\n';
    for (const [code, ids] of [...index].sort((a, b) => a[0] - b[0])) out += `# ${opcodeLabel(code)}: ${ids.map(bbString).join(', ')}\n`;
  }
  if (options.includeTests) {
    out += '\n# tests: complete requests and the decision the reference evaluator gives them\n';
    for (const v of testVectors(ordered)) {
      const r = v.request;
      const attributes = JSON.stringify(r.attributes);
      const expected = `${v.expected.decision} ${v.expected.article === null ? 'null' : bbString(v.expected.article)} [${v.expected.applied_policies.map(bbString).join(', ')}]`;
      out += `# test ${r.action}/${r.timing}/${r.targets.join(',')} ${attributes} -> ${expected}\n`;
    }
  }
  return out;
};
