// Detection quality on the generated labelled set (packages/engine/test/agent/corpus): precision,
// recall and F2 per entity type, and the hook's false positives and false negatives on agent
// payloads. Presidio's published F2 of about 0.85 is a quoted reference, not a same-run peer.
// Then speed: detectData on 1 MB of each kind of text an agent sends, and the email matching alone
// beside its peer, the same pattern run by the regular expression engine at every position.
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { detectData, EMAIL_PATTERN, emailMatches } from '../packages/engine/src/agent/detect.ts';
import { agentPayloads, detectionSnippets } from '../packages/engine/test/agent/corpus/generate.ts';
import { overall, runPayloads, scoreDetection } from '../packages/engine/test/agent/corpus/score.ts';
import { medianMs, table } from './lib/stats.ts';

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

// ---- Speed
const MB = 1_000_000;
const repeatedTo = (piece: string) => piece.repeat(Math.ceil(MB / piece.length)).slice(0, MB);
const code = repeatedTo(fs.readFileSync(path.join(import.meta.dirname, '../packages/engine/src/agent/classify.ts'), 'utf8'));
const csv = repeatedTo(Array.from({ length: 500 }, (_, i) => `${i},jane${i}@acme-corp.com,order-${i * 7},${(i * 13.37).toFixed(2)},EUR\n`).join(''));
const inputs: [string, string][] = [
  ['source code', code],
  ['CSV with an address a row', csv],
  ['base64', crypto.randomBytes((MB * 3) / 4).toString('base64')],
  ['one letter repeated', 'x'.repeat(MB)],
  ['"a@" repeated (the slowest found)', repeatedTo('a@')],
];
console.log('\nSpeed on 1 MB of each input (median of 7 runs, milliseconds)');
table(
  ['input', 'detectData', 'emails: from each @', 'emails: regex at every position (peer)', 'ratio'],
  inputs.map(([name, text]) => {
    const ours = medianMs(() => emailMatches(text));
    const peer = medianMs(() => [...text.matchAll(EMAIL_PATTERN)].length);
    // Under a tenth of a millisecond the timer says little: the ratio is then a floor.
    const ratio = ours < 0.1 ? `over ${Math.floor(peer / 0.1)}x` : `${(peer / ours).toFixed(1)}x`;
    return [name, medianMs(() => detectData(text)).toFixed(1), ours.toFixed(1), peer.toFixed(1), ratio];
  }),
);
