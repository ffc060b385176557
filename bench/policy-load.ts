// Loading a policy from its text: the bytebound parser (tokens, rules, and the digest of the body
// checked against the header), beside two peers on the same policy in the same run: JSON.parse of
// its JSON form (the floor: V8's native parser, nothing checked) and Cedar's own parser
// (@cedar-policy/cedar-wasm checkParsePolicySet) on its Cedar output. Policies: the GDPR template,
// and 2,700 generated articles (about 1.5 MB of bytebound, the largest text an arbiter save accepts).
// Prints the median milliseconds of 9 runs after warming up, MB/s, and the ratio to bytebound.
// Run: npm run bench -w @bytebound/bench -- policy-load
import { parsePolicy } from '@bytebound/compiler/bytebound-format';
import { compile } from '@bytebound/compiler/compile';
import { TEMPLATES } from '@bytebound/compiler/templates';
import * as cedar from '@cedar-policy/cedar-wasm/nodejs';
import { medianMs, table } from './lib/stats.ts';

const RUNS = Number(process.env.BENCH_RUNS ?? 9);
/** Warm-up: runs until this long has passed (and at least 3), so that a small policy is timed compiled, not interpreted. */
const WARMUP_MS = 500;

function articles(n: number): string {
  const parts: string[] = [];
  for (let i = 1; i <= n; i++) {
    parts.push(`Article ${i}\nThe controller shall not transfer personal data of category ${i} to a third country without the data subject's explicit consent.`);
  }
  return parts.join('\n\n');
}

const timed = (load: () => unknown) => medianMs(load, { runs: RUNS, warmupMs: WARMUP_MS });

const inputs = [
  { name: 'GDPR template', text: TEMPLATES.gdpr.content, jurisdiction: 'EU' },
  { name: '2,700 articles', text: articles(2_700), jurisdiction: 'EU' },
];
const options = { includeTests: false };

for (const input of inputs) {
  const bytebound = compile(input.text, { format: 'bytebound', jurisdiction: input.jurisdiction, options });
  const cedarOutput = compile(input.text, { format: 'cedar', jurisdiction: input.jurisdiction, options });
  if (!bytebound.ok || !cedarOutput.ok) throw new Error(`${input.name} does not compile`);
  const json = JSON.stringify(bytebound.policy);
  const cedarCheck = cedar.checkParsePolicySet({ staticPolicies: cedarOutput.output });
  if (cedarCheck.type !== 'success') throw new Error(`the Cedar output of ${input.name} does not parse`);

  const peers = [
    { name: 'bytebound parsePolicy (digest checked)', chars: bytebound.output.length, ms: timed(() => parsePolicy(bytebound.output)) },
    { name: 'JSON.parse of the policy as JSON', chars: json.length, ms: timed(() => JSON.parse(json)) },
    { name: 'Cedar checkParsePolicySet (cedar-wasm)', chars: cedarOutput.output.length, ms: timed(() => cedar.checkParsePolicySet({ staticPolicies: cedarOutput.output })) },
  ];
  console.log(`\n${input.name}: ${bytebound.policy.rules.length.toLocaleString('en-US')} rules; median of ${RUNS} runs after ${WARMUP_MS} ms of warm-up`);
  const ours = peers[0]!.ms;
  table(
    ['parser', 'text', 'median', 'MB/s', 'time vs bytebound'],
    peers.map((p) => [p.name, `${(p.chars / 1e6).toFixed(2)} MB`, `${p.ms.toFixed(2)} ms`, (p.chars / 1e6 / (p.ms / 1000)).toFixed(1), `${(p.ms / ours).toFixed(2)}x`]),
  );
}
