// The Rust runner: the emitted module plus a generated harness main, ONE `rustc` build per policy;
// the harness reads the whole batch (one line per request, integer codes) and prints one decision
// per line (verdict, article and rule ids as hex of their UTF-8 bytes, so no text can confuse it).
import fs from 'node:fs';
import path from 'node:path';
import { rustEnumType, rustField } from '../../src/emit/rust.ts';
import {
  ACTIONS,
  BOOLEAN_ATTRIBUTES,
  ENUM_ATTRIBUTES,
  TARGETS,
  TIMINGS,
  type CompleteRequest,
  type EnumAttribute,
} from '../../src/policy-model.ts';
import { tool } from '../../../../test/tools.ts';
import { runTool, scratchDir } from './run-tool.ts';
import type { FormatDecision, FormatRunner } from './types.ts';

const ENUMS = Object.keys(ENUM_ATTRIBUTES).filter((a) => a !== 'jurisdiction') as EnumAttribute[];

/** The harness: `mod policy;` is the emitted module, saved beside it as policy.rs. */
export const RUST_HARNESS = [
  'mod policy;',
  'use policy::*;',
  'use std::io::{self, BufRead, Write};',
  '',
  'fn hex(s: &str) -> String {',
  '    s.bytes().map(|b| format!("{:02x}", b)).collect()',
  '}',
  '',
  'fn main() {',
  '    let mut out = String::new();',
  '    for line in io::stdin().lock().lines() {',
  '        let line = line.unwrap();',
  '        let f: Vec<&str> = line.split(\' \').collect();',
  '        let code = |i: usize| f[i].parse::<usize>().unwrap();',
  '        let b = f[3 + ' + ENUMS.length + ' + 1].as_bytes();',
  '        let jurisdiction = f[3 + ' + ENUMS.length + '].parse::<i64>().unwrap();',
  '        let request = Request {',
  '            action: Action::ALL[code(0)],',
  '            timing: Timing::ALL[code(1)],',
  '            targets: f[2].split(\',\').map(|t| Target::ALL[t.parse::<usize>().unwrap()]).collect(),',
  '            attributes: Attributes {',
  ...ENUMS.map((a, i) => `                ${rustField(a)}: ${rustEnumType(a)}::ALL[code(${3 + i})],`),
  '                jurisdiction: if jurisdiction < 0 { None } else { Some(Jurisdiction::ALL[jurisdiction as usize]) },',
  ...BOOLEAN_ATTRIBUTES.map((a, i) => `                ${rustField(a)}: b[${i}] == b'1',`),
  `                elapsed: f[${3 + ENUMS.length + 2}].parse::<f64>().unwrap(),`,
  '            },',
  '        };',
  '        let d = decide(&request);',
  '        let article = d.article.map(hex).unwrap_or_else(|| "-".to_string());',
  '        let ids: Vec<String> = d.applied_policies.iter().map(|id| hex(id)).collect();',
  '        let texts: Vec<String> = d.reasons.iter().map(|r| hex(&r.text)).collect();',
  '        out.push_str(&format!("{} {} {} {}\\n", if d.decision == Verdict::Deny { "DENY" } else { "ALLOW" }, article, if ids.is_empty() { "-".to_string() } else { ids.join(",") }, texts.join(",")));',
  '    }',
  '    io::stdout().write_all(out.as_bytes()).unwrap();',
  '}',
  '',
].join('\n');

/** One request as the harness reads it. */
export function rustRequestLine(r: CompleteRequest): string {
  const a = r.attributes;
  return [
    ACTIONS.indexOf(r.action),
    TIMINGS.indexOf(r.timing),
    r.targets.map((t) => TARGETS.indexOf(t)).join(','),
    ...ENUMS.map((e) => (ENUM_ATTRIBUTES[e] as readonly string[]).indexOf(a[e] as string)),
    a.jurisdiction === undefined ? -1 : ENUM_ATTRIBUTES.jurisdiction.indexOf(a.jurisdiction),
    BOOLEAN_ATTRIBUTES.map((b) => (a[b] ? '1' : '0')).join(''),
    String(a.elapsed),
  ].join(' ');
}

const unhex = (h: string): string => Buffer.from(h, 'hex').toString('utf8');

/** Builds with rustc into dir; returns the binary's path. */
export async function rustBuild(dir: string, output: string): Promise<string> {
  fs.writeFileSync(path.join(dir, 'policy.rs'), output);
  fs.writeFileSync(path.join(dir, 'main.rs'), RUST_HARNESS);
  await runTool(tool('rustc'), ['--edition', '2021', '--crate-name', 'decide', '-o', 'decide', 'main.rs'], dir);
  return path.join(dir, 'decide');
}

/** One rustc build and one run of the whole batch: each decision with its reason texts. */
export async function rustDecisions(output: string, requests: CompleteRequest[]): Promise<(FormatDecision & { texts: string[] })[]> {
  const { dir, cleanup } = scratchDir('rust');
  try {
    const binary = await rustBuild(dir, output);
    fs.writeFileSync(path.join(dir, 'batch.txt'), requests.map(rustRequestLine).join('\n') + '\n');
    const stdout = await runTool('/bin/sh', ['-c', `"${binary}" < batch.txt`], dir);
    const lines = stdout.split('\n').filter((l) => l !== '');
    if (lines.length !== requests.length) throw new Error(`the Rust harness gave ${lines.length} decisions for ${requests.length} requests`);
    return lines.map((line) => {
      const [decision, article, ids, texts] = line.split(' ') as [string, string, string, string];
      return {
        decision: decision as FormatDecision['decision'],
        article: article === '-' ? null : unhex(article),
        applied_policies: ids === '-' ? [] : ids.split(',').map(unhex),
        texts: texts.split(',').map(unhex),
      };
    });
  } finally {
    cleanup();
  }
}

export const rustRunner: FormatRunner = {
  format: 'rust',
  async decideAll(output: string, _policy, requests: CompleteRequest[]): Promise<FormatDecision[]> {
    return (await rustDecisions(output, requests)).map(({ decision, article, applied_policies }) => ({ decision, article, applied_policies }));
  },
};

/** Builds the module's own #[test]s with `rustc --test` and runs them; resolves with the report. */
export async function rustTest(output: string): Promise<string> {
  const { dir, cleanup } = scratchDir('rust');
  try {
    fs.writeFileSync(path.join(dir, 'policy.rs'), output);
    await runTool(tool('rustc'), ['--edition', '2021', '--test', '-o', 'tests', 'policy.rs'], dir);
    return await runTool(path.join(dir, 'tests'), [], dir);
  } finally {
    cleanup();
  }
}
