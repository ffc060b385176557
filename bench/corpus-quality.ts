// Analysis quality and speed: precision and recall of the norms extracted from the regression
// corpus (packages/compiler/test/corpus), per regulation, and the median analysis time of a
// 50,000-character text (the spec's soft limit) and of a 1 MB one (the hard limit).
// Run: node --import tsx bench/corpus-quality.ts
import { analyze } from '../packages/compiler/src/analyze.ts';
import { TEMPLATES, TEMPLATE_KEYS } from '../packages/compiler/src/templates.ts';
import { loadCorpus, scoreEntry, totals } from '../packages/compiler/test/corpus/score.ts';
import { formatNs, median, table } from './lib/stats.ts';

const corpus = loadCorpus();
const scores = corpus.map(scoreEntry);
const all = totals(scores);
const pct = (x: number) => `${(x * 100).toFixed(1)} %`;

console.log(`Corpus: ${corpus.length} entries, ${all.expected} expected norms, ${all.extracted} extracted, ${all.matched} matched`);
console.log(`Precision ${pct(all.precision)}  Recall ${pct(all.recall)}  (match on modality + action + target + deadline, multiset)`);
console.log(`Jurisdiction detected as expected: ${scores.filter((s) => s.jurisdictionOk).length}/${scores.length}\n`);
for (const [label, part] of [
  ['tuned on (entries looked at while writing the extractor)', scores.filter((s) => !s.heldOut)],
  ['held out (written afterwards, never tuned on)', scores.filter((s) => s.heldOut)],
] as const) {
  const t = totals(part);
  console.log(`${label}: ${part.length} entries, precision ${pct(t.precision)}, recall ${pct(t.recall)}`);
}
console.log('');

const regulations = [...new Set(corpus.map((e) => e.regulation))].sort();
table(
  ['regulation', 'entries', 'expected', 'extracted', 'matched', 'precision', 'recall'],
  regulations.map((r) => {
    const s = scores.filter((x) => x.regulation === r);
    const t = totals(s);
    return [r, String(s.length), String(t.expected), String(t.extracted), String(t.matched), pct(t.precision), pct(t.recall)];
  }),
);
const languages = [...new Set(corpus.map((e) => e.language))].sort();
console.log('');
table(
  ['language', 'entries', 'precision', 'recall'],
  languages.map((l) => {
    const t = totals(corpus.map((e, i) => [e, scores[i]!] as const).filter(([e]) => e.language === l).map(([, s]) => s));
    return [l, String(corpus.filter((e) => e.language === l).length), pct(t.precision), pct(t.recall)];
  }),
);

/** Median wall time and median CPU time (ns); CPU time is less disturbed by other processes on the machine. */
function timeOf(text: string, runs: number): { wall: number; cpu: number } {
  const wall: number[] = [];
  const cpu: number[] = [];
  for (let i = 0; i < runs; i++) {
    const start = process.hrtime.bigint();
    const startCpu = process.cpuUsage();
    analyze(text);
    const used = process.cpuUsage(startCpu);
    wall.push(Number(process.hrtime.bigint() - start));
    cpu.push((used.user + used.system) * 1000);
  }
  return { wall: median(wall), cpu: median(cpu) };
}

const statutes = TEMPLATE_KEYS.map((k) => TEMPLATES[k].content).join('\n\n');
const build = (size: number) => {
  let text = '';
  while (text.length < size) text += `${statutes}\n\n`;
  return text.slice(0, size);
};
const fifty = build(50_000);
const mega = build(1_000_000);
timeOf(fifty, 3);
console.log('');
const rows = [
  [fifty, 15],
  [mega, 3],
] as const;
table(
  ['input', 'characters', 'norms', 'median wall time', 'median CPU time'],
  rows.map(([text, runs]) => {
    const t = timeOf(text, runs);
    return ['six templates repeated', text.length.toLocaleString('en-US'), String(analyze(text).norms.length), formatNs(t.wall), formatNs(t.cpu)];
  }),
);
