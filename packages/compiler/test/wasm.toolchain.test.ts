// The WebAssembly format checked by the real wabt (assemble and validate) and Node's WebAssembly:
// decide over integer codes gives every hand-built case, the data section holds the rules' texts,
// a code outside the vocabulary fails secure, and the test vectors in the comment block hold.
import { describe, expect, it } from 'vitest';
import { describeProperties } from './toolchains/property-checks.ts';
import { emitWasm, wasmArguments, wasmDecide, wasmRules } from '../src/emit/wasm.ts';
import { decide } from '../src/evaluate.ts';
import { DEFAULT_COMPILE_OPTIONS, DEFAULT_ATTRIBUTES } from '../src/policy-model.ts';
import { rulesInDecisionOrder } from '../src/emit/escape.ts';
import { ENFORCEMENT_LEVELS, handBuiltPolicy, handCases } from './toolchains/hand-built-policies.ts';
import { instantiateWat, wasmRunner } from './toolchains/wasm.ts';

const options = { ...DEFAULT_COMPILE_OPTIONS, includeTests: false };

describe('wasm emitter under wabt and Node', () => {
  for (const level of ENFORCEMENT_LEVELS) {
    it(`decides every hand-built case under ${level}`, async () => {
      const policy = handBuiltPolicy(level);
      const decisions = await wasmRunner.decideAll(emitWasm(policy, options), policy, handCases.map((c) => c.request));
      expect(decisions).toEqual(handCases.map((c) => c.expected[level]));
    });
  }

  it('keeps every rule id, article, reason and effect in the data section, in decision order', async () => {
    const policy = handBuiltPolicy('strict');
    const rules = wasmRules(await instantiateWat(emitWasm(policy, options)));
    expect(rules).toEqual(
      rulesInDecisionOrder(policy).map((r) => ({ id: r.id, article: r.article, reason: r.reason, priority: r.priority, effect: r.effect })),
    );
  });

  it('words every reason as the reference evaluator does, in its order', async () => {
    for (const level of ENFORCEMENT_LEVELS) {
      const policy = handBuiltPolicy(level);
      const exports = await instantiateWat(emitWasm(policy, options));
      const rules = wasmRules(exports);
      expect(handCases.map((c) => wasmDecide(exports, rules, c.request).reasons.map((r) => r.text))).toEqual(
        handCases.map((c) => decide(policy, c.request).reasons.map((r) => r.text)),
      );
    }
  });

  it('fails secure on a code outside the vocabulary', async () => {
    const exports = await instantiateWat(emitWasm(handBuiltPolicy('permissive'), options));
    const valid = wasmArguments({ action: 'read', timing: 'pre-action', targets: ['general'], attributes: { ...DEFAULT_ATTRIBUTES } });
    expect(exports.decide(...valid)).toBe(0);
    for (const [position, code] of [[0, 7], [1, 6], [2, 0], [2, 16], [3, 6], [7, 10], [7, -2], [8, 2]] as const) {
      const args = [...valid];
      args[position] = code;
      expect(exports.decide(...args), `argument ${position} = ${code}`).toBe(2);
    }
    expect(exports.decide(...valid.slice(0, -1), -1)).toBe(2);
  });

  it('is deterministic and comments every rule with its article and quote', () => {
    const output = emitWasm(handBuiltPolicy('strict'), options);
    expect(emitWasm(handBuiltPolicy('strict'), options)).toBe(output);
    expect(output).toContain(';;   "Processing shall be lawful only if');
    expect(output).toContain(';; [2] gdpr-art-44-transfer: forbid, GDPR Art. 44, priority 90');
  });
});

describe('wasm emitter with includeTests', () => {
  it('lists test vectors in a comment block that the module decides as stated', async () => {
    const output = emitWasm(handBuiltPolicy('moderate'), { ...options, includeTests: true, targetEnvironment: 'development' });
    const exports = await instantiateWat(output);
    const vectors = output
      .split('\n')
      .filter((line) => line.startsWith(';; vector '))
      .map((line) => JSON.parse(line.slice(';; vector '.length)) as { name: string; arguments: number[]; verdict: number; rules: number[] });
    expect(vectors.length).toBeGreaterThan(10);
    for (const vector of vectors) {
      const verdict = exports.decide(...vector.arguments);
      const view = new DataView(exports.memory.buffer);
      const at = exports.result.value as number;
      const rules = Array.from({ length: view.getInt32(at, true) }, (_, k) => view.getInt32(at + 8 + 4 * k, true));
      expect({ verdict, rules }, vector.name).toEqual({ verdict: vector.verdict, rules: vector.rules });
    }
  });
});

describeProperties(wasmRunner, emitWasm, 20);
