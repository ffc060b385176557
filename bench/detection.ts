// Detection quality on the generated labelled set (packages/engine/test/agent/corpus): precision,
// recall and F2 per entity type, and the hook's false positives and false negatives on agent
// payloads. Presidio's published F2 of about 0.85 is a quoted reference, not a same-run peer.
import { agentPayloads, detectionSnippets } from '../packages/engine/test/agent/corpus/generate.ts';
import { overall, runPayloads, scoreDetection } from '../packages/engine/test/agent/corpus/score.ts';
import { table } from './lib/stats.ts';

const snippets = detectionSnippets();
const scores = scoreDetection(snippets);
const pct = (x: number) => `${(x * 100).toFixed(1)} %`;
console.log(`Detection on ${snippets.length} generated snippets (seed 7), entity counts per snippet`);
table(
  ['entity', 'expected', 'TP', 'FP', 'FN', 'precision', 'recall', 'F2'],
  scores.map((s) => [s.kind, String(s.expected), String(s.tp), String(s.fp), String(s.fn), pct(s.precision), pct(s.recall), s.f2.toFixed(3)]),
);
const all = overall(scores);
console.log(`overall (micro): precision ${pct(all.precision)}, recall ${pct(all.recall)}, F2 ${all.f2.toFixed(3)} (Presidio's published F2 ~0.85, quoted)`);

const payloads = agentPayloads();
const { results, falsePositives, falseNegatives } = runPayloads(payloads);
const allowed = results.filter((r) => r.expect === 'allow').length;
const blocked = results.length - allowed;
console.log(`\nHook (default policy) on ${results.length} PreToolUse payloads (seed 11): ${allowed} ordinary, ${blocked} to block`);
console.log(`false positives (ordinary work blocked): ${falsePositives.length} of ${allowed} (${pct(falsePositives.length / allowed)})`);
console.log(`false negatives (leaks allowed): ${falseNegatives.length} of ${blocked} (recall ${pct(1 - falseNegatives.length / blocked)})`);
for (const r of [...falsePositives, ...falseNegatives]) console.log(`  ${r.expect === 'allow' ? 'FP' : 'FN'} ${r.tool_name} ${r.note}: ${JSON.stringify(r.tool_input).slice(0, 140)}`);
