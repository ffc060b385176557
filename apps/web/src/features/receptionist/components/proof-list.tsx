// The proof bundle list: the signed checkpoint over each ten decisions, with Verify, which checks
// the signatures and the inclusion of every decision it covers in this browser.
import { useState } from 'react';
import type { ProofCheck } from '../../../lib/verify-proof.ts';
import { type OwnBundle, verifyStreamCheckpoint } from '../lib/verify-checkpoint.ts';
import type { StreamCheckpoint } from '../lib/stream-state.ts';

type Outcome = { state: 'verifying' } | { state: 'done'; check: ProofCheck };

export function ProofList({ checkpoints, ownBundles }: { checkpoints: StreamCheckpoint[]; ownBundles: readonly OwnBundle[] }) {
  const [outcomes, setOutcomes] = useState<Record<string, Outcome>>({});

  const verify = async (checkpoint: StreamCheckpoint) => {
    setOutcomes((o) => ({ ...o, [checkpoint.id]: { state: 'verifying' } }));
    const check = await verifyStreamCheckpoint(checkpoint, ownBundles);
    setOutcomes((o) => ({ ...o, [checkpoint.id]: { state: 'done', check } }));
  };

  return (
    <div>
      <h4 className="text-sm font-semibold text-slate-100">Proof bundles</h4>
      {checkpoints.length === 0 ? (
        <p className="mt-1 text-sm text-slate-300">A signed checkpoint appears here after every ten decisions.</p>
      ) : (
        <ul aria-label="Proof bundles" className="mt-1 space-y-1.5 text-xs">
          {checkpoints.map((c) => {
            const outcome = outcomes[c.id];
            return (
              <li key={c.id} className="rounded-md border border-ink-700 bg-ink-900 px-2 py-1.5 text-slate-200">
                <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
                  <span className="font-semibold">Checkpoint of {c.treeSize} entries</span>
                  <span>{c.decisionCount} decisions</span>
                  <code className="text-slate-300" title={c.rootHash}>
                    root {c.rootHash.slice(0, 12)}…
                  </code>
                  <button
                    type="button"
                    onClick={() => void verify(c)}
                    disabled={outcome?.state === 'verifying'}
                    aria-label={`Verify the checkpoint of ${c.treeSize} entries`}
                    className="ml-auto rounded-md border border-brand-500/60 px-2 py-0.5 text-brand-200 hover:bg-ink-800 disabled:opacity-60"
                  >
                    Verify
                  </button>
                </div>
                <div aria-live="polite">
                  {outcome?.state === 'verifying' ? <p className="mt-1 text-slate-300">Verifying in your browser...</p> : null}
                  {outcome?.state === 'done' ? (
                    outcome.check.ok ? (
                      <p className="mt-1 text-emerald-300">Verified: {outcome.check.passed.at(-1)}</p>
                    ) : (
                      <p className="mt-1 text-rose-300">Verification failed: {outcome.check.failures[0]}</p>
                    )
                  ) : null}
                </div>
              </li>
            );
          })}
        </ul>
      )}
    </div>
  );
}
