// The JavaScript format checked by Node itself: the emitted module is imported from a file and its
// decide() gives the hand-worked decisions; its own node:test tests pass under `node --test`.
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { emitJavascript } from '../src/emit/javascript.ts';
import { DEFAULT_COMPILE_OPTIONS, type CompileOptions } from '../src/policy-model.ts';
import { ENFORCEMENT_LEVELS, handBuiltPolicy, handCases } from './toolchains/hand-built-policies.ts';
import { importEmitted, javascriptRunner } from './toolchains/javascript.ts';
import { scratchDir } from './toolchains/run-tool.ts';

const variants: Partial<CompileOptions>[] = [
  { optimizationLevel: 'none', targetEnvironment: 'production' },
  { optimizationLevel: 'basic', targetEnvironment: 'development' },
  { optimizationLevel: 'maximum', targetEnvironment: 'production' },
];

describe('javascript emitter under Node', () => {
  for (const level of ENFORCEMENT_LEVELS) {
    for (const variant of variants) {
      it(`decides every hand-built case under ${level}, ${variant.optimizationLevel}, ${variant.targetEnvironment}`, async () => {
        const policy = handBuiltPolicy(level);
        const output = emitJavascript(policy, { ...DEFAULT_COMPILE_OPTIONS, includeTests: false, ...variant });
        const decisions = await javascriptRunner.decideAll(output, policy, handCases.map((c) => c.request));
        expect(decisions).toEqual(handCases.map((c) => c.expected[level]));
      });
    }
  }

  it('has no imports and no eval, and the options change the code', () => {
    const policy = handBuiltPolicy('strict');
    const none = emitJavascript(policy, { ...DEFAULT_COMPILE_OPTIONS, optimizationLevel: 'none', includeTests: false });
    const max = emitJavascript(policy, { ...DEFAULT_COMPILE_OPTIONS, optimizationLevel: 'maximum', includeTests: false });
    for (const out of [none, max]) {
      expect(out).not.toMatch(/^\s*import\s/m);
      expect(out).not.toMatch(/\beval\(|new Function/);
    }
    expect(none).not.toContain('BY_OPCODE');
    expect(max).toContain('const BY_OPCODE = [');
    expect(emitJavascript(policy, { ...DEFAULT_COMPILE_OPTIONS, includeTests: false })).toBe(max);
  });

  it('returns a decision trace in development only', async () => {
    const policy = handBuiltPolicy('strict');
    const dev = await importEmitted(emitJavascript(policy, { ...DEFAULT_COMPILE_OPTIONS, includeTests: false, targetEnvironment: 'development' }));
    const prod = await importEmitted(emitJavascript(policy, { ...DEFAULT_COMPILE_OPTIONS, includeTests: false }));
    const request = handCases[0]!.request;
    expect(dev.decide(request).trace).toEqual(expect.arrayContaining([expect.objectContaining({ target: request.targets[0] })]));
    expect(prod.decide(request).trace).toBeUndefined();
  });

  it('fails secure on a request it cannot read', async () => {
    const { decide } = await importEmitted(emitJavascript(handBuiltPolicy('strict'), { ...DEFAULT_COMPILE_OPTIONS, includeTests: false }));
    const d = decide(null as never);
    expect(d).toMatchObject({ decision: 'DENY', exitCode: 2, applied_policies: [] });
    expect(d.reasons[0]!.text).toMatch(/^evaluation failed/);
  });

  it('its own node:test tests pass under node --test', async () => {
    const output = emitJavascript(handBuiltPolicy('strict'), DEFAULT_COMPILE_OPTIONS);
    const { dir, cleanup } = scratchDir('javascript-tests');
    try {
      fs.writeFileSync(path.join(dir, 'policy.mjs'), output);
      fs.writeFileSync(
        path.join(dir, 'policy.test.mjs'),
        "import test from 'node:test';\nimport assert from 'node:assert/strict';\nimport { registerTests } from './policy.mjs';\nregisterTests(test, assert);\n",
      );
      const report = await new Promise<string>((resolve, reject) =>
        execFile(process.execPath, ['--test', '--test-reporter=tap', 'policy.test.mjs'], { cwd: dir }, (error, stdout, stderr) =>
          error ? reject(new Error(stdout + stderr)) : resolve(stdout),
        ),
      );
      const vectors = (output.match(/^ {2}\{ name: /gm) ?? []).length;
      expect(vectors).toBeGreaterThan(10);
      expect(report).toContain(`# pass ${vectors}`);
      expect(report).toContain('# fail 0');
    } finally {
      cleanup();
    }
  });
});
