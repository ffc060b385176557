// Compile speed: the GDPR template, a 50,000-character statute and a 50,000-character adversarial
// text compiled to every format; prints the median total and per-stage milliseconds.
// Goals: < 50 ms median for 50 KB to any format, < 200 ms for 50 KB of adversarial input.
// Run: node --import tsx bench/compile.ts
import { COMPILE_STAGES, compile } from '@bytebound/compiler/compile';
import { FORMATS } from '@bytebound/compiler/emit/formats';
import { TEMPLATES } from '@bytebound/compiler/templates';
import { median, table } from './lib/stats.ts';

const TARGET_CHARS = 50_000;
const RUNS = Number(process.env.BENCH_RUNS ?? 15);
const WARMUP = 3;

/** A statute of about 50,000 characters: the six templates as numbered articles, repeated. */
function statute(): string {
  const parts: string[] = [];
  let n = 1;
  let length = 0;
  const texts = Object.values(TEMPLATES).map((t) => t.content);
  while (length < TARGET_CHARS) {
    const text = `Article ${n}\n\n${texts[(n - 1) % texts.length]!.replace(/Article \d+/g, `Article ${n}`)}\n\n`;
    parts.push(text);
    length += text.length;
    n++;
  }
  return parts.join('').slice(0, TARGET_CHARS);
}

/** 50,000 characters meant to hurt a parser: one endless sentence of modals, nested brackets, list markers and semicolons. */
function adversarial(): string {
  const chunks = [
    'the controller shall not, unless (a) the data subject has given consent; (b) ',
    '((((((((((',
    'Article 17(1)(a)(i)(ii)(iii) ',
    'shall shall must may ',
    ';;;;;; or ; and ; ',
    '§§ 1798.105(a)(b)(c) ',
    'without undue delay and in any event within PT72H P30D P1M ',
    '"quoted ""text"" */ /* (; ;) -- ` ${ ',
  ];
  let out = 'GDPR Article 1. ';
  for (let i = 0; out.length < TARGET_CHARS; i++) out += chunks[i % chunks.length];
  return out.slice(0, TARGET_CHARS);
}

const inputs = [
  { name: 'GDPR template', text: TEMPLATES.gdpr.content },
  { name: '50 KB statute', text: statute() },
  { name: '50 KB adversarial', text: adversarial() },
];

for (const input of inputs) {
  console.log(`\n${input.name} (${input.text.length.toLocaleString('en-US')} characters), median of ${RUNS} runs after ${WARMUP} warm-up runs`);
  const rows: string[][] = [];
  for (const format of FORMATS) {
    const totals: number[] = [];
    const stages = new Map<string, number[]>(COMPILE_STAGES.map((s) => [s, []]));
    let rules = 0;
    let bytes = 0;
    for (let i = 0; i < WARMUP + RUNS; i++) {
      const r = compile(input.text, { format: format.id });
      if (!r.ok) throw new Error(`${input.name} -> ${format.id}: ${r.error}`);
      if (i < WARMUP) continue;
      totals.push(r.metadata.compilationTime);
      for (const s of r.stages) stages.get(s.stage)!.push(s.ms);
      rules = r.metadata.ruleCount;
      bytes = r.output.length;
    }
    rows.push([format.id, median(totals).toFixed(2), ...COMPILE_STAGES.map((s) => median(stages.get(s)!).toFixed(2)), String(rules), bytes.toLocaleString('en-US')]);
  }
  table(['format', 'total ms', ...COMPILE_STAGES, 'rules', 'output chars'], rows);
}
