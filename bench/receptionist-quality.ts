// The receptionist on its labelled visitor messages (apps/server/src/receptionist/labelled-messages.json):
// intent accuracy, personal data categories, and decision correctness (the engine's exit code and
// article on storing the message, in a fresh session without consent). Misses are listed.
import { buildKnowledge } from '../apps/server/src/receptionist/knowledge.ts';
import { scoreReceptionist } from '../apps/server/src/receptionist/quality.ts';

const quality = scoreReceptionist(buildKnowledge());
const pct = (x: number) => `${(x * 100).toFixed(1)} %`;
const n = quality.rows.length;
console.log(`Receptionist on ${n} labelled visitor messages`);
console.log(`intent accuracy:        ${pct(quality.intentAccuracy)}`);
console.log(`personal data found:    ${pct(quality.personalDataAccuracy)} (exact category set)`);
console.log(`decision correctness:   ${pct(quality.decisionCorrectness)} (exit code and article)`);
for (const r of quality.rows) {
  const misses: string[] = [];
  if (r.got.intent !== r.intent) misses.push(`intent ${r.got.intent} (expected ${r.intent})`);
  if (JSON.stringify(r.got.personalData) !== JSON.stringify([...r.personalData].sort())) misses.push(`data [${r.got.personalData}] (expected [${r.personalData}])`);
  if (r.got.exitCode !== r.expected.exitCode || r.got.article !== r.expected.article) misses.push(`decision ${r.got.exitCode} ${r.got.article} (expected ${r.expected.exitCode} ${r.expected.article})`);
  if (misses.length > 0) console.log(`  miss: ${JSON.stringify(r.text)}: ${misses.join('; ')}`);
}
