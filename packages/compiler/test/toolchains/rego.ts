// The Rego runner: `opa check` the emitted package, then ONE `opa eval` decides the whole batch
// (the requests are a data document; a comprehension evaluates the decision with each as input).
import fs from 'node:fs';
import path from 'node:path';
import { REGO_PACKAGE } from '../../src/emit/rego.ts';
import type { CompleteRequest, Decision } from '../../src/policy-model.ts';
import { tool } from '../../../../test/tools.ts';
import { runTool, scratchDir } from './run-tool.ts';
import type { FormatDecision, FormatRunner } from './types.ts';

type OpaResult = { result?: { expressions: { value: Decision[] }[] }[] };

export const BATCH_QUERY = `[d | some r in data.batch; d := data.${REGO_PACKAGE}.decision with input as r]`;

export async function opaCheck(output: string): Promise<void> {
  const { dir, cleanup } = scratchDir('rego');
  try {
    fs.writeFileSync(path.join(dir, 'policy.rego'), output);
    await runTool(tool('opa'), ['check', '--strict', 'policy.rego'], dir);
  } finally {
    cleanup();
  }
}

/** `opa test` over the emitted package; resolves with OPA's report. */
export async function opaTest(output: string): Promise<string> {
  const { dir, cleanup } = scratchDir('rego');
  try {
    fs.writeFileSync(path.join(dir, 'policy.rego'), output);
    return await runTool(tool('opa'), ['test', '-v', 'policy.rego'], dir);
  } finally {
    cleanup();
  }
}

/** The full decisions (with reasons) of one `opa eval` over the whole batch. */
export async function regoDecisions(output: string, requests: CompleteRequest[]): Promise<Decision[]> {
  const { dir, cleanup } = scratchDir('rego');
  try {
    fs.writeFileSync(path.join(dir, 'policy.rego'), output);
    fs.writeFileSync(path.join(dir, 'batch.json'), JSON.stringify({ batch: requests }));
    await runTool(tool('opa'), ['check', '--strict', 'policy.rego'], dir);
    const stdout = await runTool(tool('opa'), ['eval', '--format', 'json', '-d', 'policy.rego', '-d', 'batch.json', BATCH_QUERY], dir);
    const value = (JSON.parse(stdout) as OpaResult).result?.[0]?.expressions[0]?.value;
    if (!value || value.length !== requests.length) throw new Error(`opa eval gave ${value?.length ?? 'no'} decisions for ${requests.length} requests`);
    return value;
  } finally {
    cleanup();
  }
}

export const regoRunner: FormatRunner = {
  format: 'rego',
  async decideAll(output: string, _policy, requests: CompleteRequest[]): Promise<FormatDecision[]> {
    return (await regoDecisions(output, requests)).map(({ decision, article, applied_policies }) => ({ decision, article, applied_policies }));
  },
};
