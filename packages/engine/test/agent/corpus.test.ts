import { describe, expect, it } from 'vitest';
import { agentPayloads, detectionSnippets } from './corpus/generate.ts';
import { overall, runPayloads, scoreDetection } from './corpus/score.ts';

// Floors measured with `npm run bench -- detection` (seeds 7 and 11); a change that lowers them fails.
const RECALL_FLOOR = { overall: 0.95, 'special-category': 0.85 };

describe('the labelled set', () => {
  it('is large enough and the same for the same seed', () => {
    const snippets = detectionSnippets();
    expect(snippets.length).toBeGreaterThanOrEqual(200);
    expect(detectionSnippets()).toEqual(snippets);
    const payloads = agentPayloads();
    expect(payloads.filter((p) => p.expect === 'allow').length).toBeGreaterThanOrEqual(200);
    expect(payloads.filter((p) => p.expect === 'block').length).toBeGreaterThanOrEqual(100);
  });

  it('blocks no ordinary agent work and lets no labelled leak through', () => {
    const { falsePositives, falseNegatives } = runPayloads(agentPayloads());
    expect(falsePositives.map((r) => `${r.tool_name} ${r.note}: ${r.reason}`)).toEqual([]);
    expect(falseNegatives.map((r) => `${r.tool_name} ${r.note}`)).toEqual([]);
  });

  it('every block names an article and never repeats the data it found', () => {
    const { results } = runPayloads(agentPayloads());
    for (const r of results.filter((x) => x.exitCode === 2)) {
      expect(r.reason).toMatch(/GDPR Art\. \d|PCI DSS Req\. \d|45 CFR/);
      expect(r.reason).not.toMatch(/@[a-z-]+\.(?:com|io|de|fr|es|it|net|org)/);
    }
  });

  it('detection meets its measured recall floor', () => {
    const scores = scoreDetection(detectionSnippets());
    expect(overall(scores).recall).toBeGreaterThanOrEqual(RECALL_FLOOR.overall);
    expect(scores.find((s) => s.kind === 'special-category')!.recall).toBeGreaterThanOrEqual(RECALL_FLOOR['special-category']);
    for (const s of scores.filter((x) => x.kind !== 'special-category')) expect(s.recall, s.kind).toBe(1);
  });
});
