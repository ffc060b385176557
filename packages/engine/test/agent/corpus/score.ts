// Scores detection and the hook on the generated labelled set: precision, recall and F2 per
// entity type (entity counts per snippet), and allowed/blocked counts on agent payloads.
import os from 'node:os';
import { ENTITY_KINDS, type EntityKind, detectData } from '../../../src/agent/detect.ts';
import { defaultPolicy } from '../../../src/agent/default-policy.ts';
import { engineActivePolicy, handleHookEvent } from '../../../src/agent/hook-events.ts';
import type { Payload, Snippet } from './generate.ts';

export type KindScore = { kind: EntityKind; expected: number; tp: number; fp: number; fn: number; precision: number; recall: number; f2: number };

export function scoreDetection(snippets: Snippet[]): KindScore[] {
  const totals = new Map<EntityKind, { expected: number; tp: number; fp: number; fn: number }>(ENTITY_KINDS.map((k) => [k, { expected: 0, tp: 0, fp: 0, fn: 0 }]));
  for (const s of snippets) {
    const found = detectData(s.text);
    for (const kind of ENTITY_KINDS) {
      const want = s.entities.filter((e) => e === kind).length;
      const got = found.filter((f) => f.kind === kind).length;
      const t = totals.get(kind)!;
      const tp = Math.min(want, got);
      t.expected += want;
      t.tp += tp;
      t.fp += got - tp;
      t.fn += want - tp;
    }
  }
  return ENTITY_KINDS.map((kind) => {
    const t = totals.get(kind)!;
    const precision = t.tp + t.fp === 0 ? 1 : t.tp / (t.tp + t.fp);
    const recall = t.expected === 0 ? 1 : t.tp / t.expected;
    const f2 = precision + recall === 0 ? 0 : (5 * precision * recall) / (4 * precision + recall);
    return { kind, ...t, precision, recall, f2 };
  });
}

/** Micro-averaged over all kinds. */
export function overall(scores: KindScore[]): { precision: number; recall: number; f2: number } {
  const tp = scores.reduce((a, s) => a + s.tp, 0);
  const fp = scores.reduce((a, s) => a + s.fp, 0);
  const expected = scores.reduce((a, s) => a + s.expected, 0);
  const precision = tp / (tp + fp);
  const recall = tp / expected;
  return { precision, recall, f2: (5 * precision * recall) / (4 * precision + recall) };
}

export type PayloadResult = Payload & { exitCode: number; reason: string };

export function runPayloads(payloads: Payload[]): { results: PayloadResult[]; falsePositives: PayloadResult[]; falseNegatives: PayloadResult[] } {
  const active = engineActivePolicy(defaultPolicy(), 'the built-in default policy');
  const results = payloads.map((p) => {
    const out = handleHookEvent(JSON.stringify({ session_id: 'corpus', hook_event_name: 'PreToolUse', cwd: os.tmpdir(), tool_name: p.tool_name, tool_input: p.tool_input }), active);
    return { ...p, exitCode: out.exitCode, reason: out.stderr.trim() };
  });
  return {
    results,
    falsePositives: results.filter((r) => r.expect === 'allow' && r.exitCode !== 0),
    falseNegatives: results.filter((r) => r.expect === 'block' && r.exitCode !== 2),
  };
}
