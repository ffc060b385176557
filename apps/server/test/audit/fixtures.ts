// Signed decisions for the audit tests, made by the real engine code with the app's own key.
import { type ProofOptions, createProofBundle } from '@bytebound/engine/proof-bundle';

export function signedDecision(i: number, options: ProofOptions) {
  const allow = i % 4 !== 0;
  return createProofBundle(
    {
      decision: allow ? 'ALLOW' : 'DENY',
      exitCode: allow ? 0 : 2,
      reasons: allow ? [] : [{ ruleId: 'gdpr-art-6', article: 'GDPR Art. 6', text: 'no lawful basis', priority: 100 }],
      applied_policies: allow ? [] : ['gdpr-art-6'],
      article: allow ? null : 'GDPR Art. 6',
    },
    { latency_us: 2 + i / 10 },
    options,
  );
}
