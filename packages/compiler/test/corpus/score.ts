// Scores the analyzer against the regression corpus: precision and recall of extracted norms
// (a norm matches on modality + action + target + deadline, as a multiset), overall and per
// regulation, and how often the detected jurisdiction is the expected one.
import { readFileSync, readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { analyze } from '../../src/analyze.ts';
import type { Jurisdiction, Norm } from '../../src/policy-model.ts';

export type ExpectedNorm = { modality: string; subject?: string; action: string; target: string; deadline: string | null };

export type CorpusEntry = {
  id: string;
  regulation: string;
  language: string;
  source: { instrument: string; article: string; from: string };
  paraphrased: boolean;
  paraphrasedWhy?: string;
  /** Written after the extractor was tuned and never tuned on: the honest measure of quality. */
  heldOut?: boolean;
  text: string;
  expected: { jurisdiction: Jurisdiction | null; regulation: string | null; norms: ExpectedNorm[] };
};

export type EntryScore = { id: string; regulation: string; heldOut: boolean; expected: number; extracted: number; matched: number; jurisdictionOk: boolean; note: string | null };

export type Totals = { expected: number; extracted: number; matched: number; precision: number; recall: number };

const here = dirname(fileURLToPath(import.meta.url));

export function loadCorpus(): CorpusEntry[] {
  return readdirSync(here)
    .filter((f) => f.endsWith('.json'))
    .sort()
    .map((f) => JSON.parse(readFileSync(join(here, f), 'utf8')) as CorpusEntry);
}

const key = (n: Pick<Norm, 'modality' | 'action' | 'target' | 'deadline'>) => `${n.modality}|${n.action}|${n.target}|${n.deadline ?? ''}`;

export function scoreEntry(entry: CorpusEntry): EntryScore {
  const analysis = analyze(entry.text);
  const wanted = new Map<string, number>();
  for (const n of entry.expected.norms) wanted.set(key(n as Norm), (wanted.get(key(n as Norm)) ?? 0) + 1);
  let matched = 0;
  for (const n of analysis.norms) {
    const left = wanted.get(key(n)) ?? 0;
    if (left > 0) {
      matched++;
      wanted.set(key(n), left - 1);
    }
  }
  return {
    id: entry.id,
    regulation: entry.regulation,
    heldOut: entry.heldOut === true,
    expected: entry.expected.norms.length,
    extracted: analysis.norms.length,
    matched,
    jurisdictionOk: analysis.detected.jurisdiction === entry.expected.jurisdiction,
    note: analysis.note,
  };
}

export function totals(scores: EntryScore[]): Totals {
  const expected = scores.reduce((s, e) => s + e.expected, 0);
  const extracted = scores.reduce((s, e) => s + e.extracted, 0);
  const matched = scores.reduce((s, e) => s + e.matched, 0);
  return { expected, extracted, matched, precision: extracted ? matched / extracted : 1, recall: expected ? matched / expected : 1 };
}
