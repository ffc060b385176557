// "Verify" on a checkpoint of the stream: fetch the published keys, check the checkpoint's own
// signature, then for each decision it covers fetch the inclusion proof against that tree size and
// check the decision's signature and its place under the signed root — all in the browser.
import { AUDIT_LOG_ORIGIN } from '@bytebound/engine/config';
import { apiClient } from '../../../lib/api-client.ts';
import { type InclusionProofFile, type JwkSet, type ProofCheck, importKeys, verifyCheckpoint, verifyInclusionProof } from '../../../lib/verify-proof.ts';
import { receptionistPaths } from '../api/receptionist-api.ts';
import type { StreamCheckpoint } from './stream-state.ts';

export async function verifyStreamCheckpoint(checkpoint: StreamCheckpoint): Promise<ProofCheck> {
  const passed: string[] = [];
  const failures: string[] = [];
  try {
    const keys = await importKeys(await apiClient.get<JwkSet>(receptionistPaths.keys));
    const own = await verifyCheckpoint(
      {
        origin: checkpoint.origin ?? AUDIT_LOG_ORIGIN,
        size: checkpoint.treeSize,
        root: checkpoint.rootHash,
        timestamp: checkpoint.timestamp,
        keyId: checkpoint.keyId,
        signature: checkpoint.signature,
      },
      keys,
    );
    if (own.ok) passed.push(`checkpoint of ${checkpoint.treeSize} entries signed by key ${checkpoint.keyId}`);
    else failures.push(own.reason);
    const files = await Promise.all(checkpoint.decisions.map((id) => apiClient.get<InclusionProofFile>(receptionistPaths.inclusionProof(id, checkpoint.treeSize))));
    for (const file of files) {
      const result = await verifyInclusionProof(file, keys, { size: checkpoint.treeSize, root: checkpoint.rootHash });
      passed.push(...result.passed);
      failures.push(...result.failures);
    }
    if (files.length > 0 && failures.length === 0) passed.push(`all ${files.length} decisions are in the signed tree`);
  } catch (error) {
    const message = error instanceof Error ? error.message : typeof error === 'object' && error && 'error' in error ? String((error as { error: unknown }).error) : String(error);
    failures.push(`the proof could not be fetched: ${message}`);
  }
  return { ok: failures.length === 0 && passed.length > 0, passed, failures };
}
