// "Verify" on a checkpoint of the stream: fetch the published keys, check the checkpoint's own
// signature, then fetch the inclusion proof of each decision bundle against that tree size and
// check the bundle's signature and its place under the signed root — all in the browser. The
// bundles are the checkpoint's own (bundleIds, when the server lists them) or else the visitor's
// own decisions that the tree contains.
import { AUDIT_LOG_ORIGIN } from '@bytebound/engine/config';
import { apiClient } from '../../../lib/api-client.ts';
import { type InclusionProofFile, type JwkSet, type ProofCheck, importKeys, verifyCheckpoint, verifyInclusionProof } from '../../../lib/verify-proof.ts';
import { receptionistPaths } from '../api/receptionist-api.ts';
import type { StreamCheckpoint } from './stream-state.ts';

/** A bundle the visitor's own calls returned: its id and, when known, its place in the log. */
export type OwnBundle = { id: string; auditIndex?: number };

export function bundlesToCheck(checkpoint: StreamCheckpoint, own: readonly OwnBundle[]): { ids: string[]; own: boolean } {
  if (Array.isArray(checkpoint.bundleIds) && checkpoint.bundleIds.length > 0) return { ids: checkpoint.bundleIds, own: false };
  const ids = own.filter((b) => b.auditIndex === undefined || b.auditIndex < checkpoint.treeSize).map((b) => b.id);
  return { ids: [...new Set(ids)], own: true };
}

export async function verifyStreamCheckpoint(checkpoint: StreamCheckpoint, own: readonly OwnBundle[]): Promise<ProofCheck> {
  const passed: string[] = [];
  const failures: string[] = [];
  try {
    const keys = await importKeys(await apiClient.get<JwkSet>(receptionistPaths.keys));
    const signed = await verifyCheckpoint(
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
    if (signed.ok) passed.push(`the checkpoint of ${checkpoint.treeSize} entries is signed by published key ${checkpoint.keyId}`);
    else failures.push(signed.reason);
    const { ids, own: ownOnly } = bundlesToCheck(checkpoint, own);
    const files = await Promise.all(ids.map((id) => apiClient.get<InclusionProofFile>(receptionistPaths.inclusionProof(id, checkpoint.treeSize))));
    for (const file of files) {
      const result = await verifyInclusionProof(file, keys, { size: checkpoint.treeSize, root: checkpoint.rootHash });
      passed.push(...result.passed);
      failures.push(...result.failures);
    }
    if (failures.length === 0) {
      if (files.length === 0) passed.push(`the checkpoint's signature holds; none of your decisions are in it yet`);
      else passed.push(`signature and inclusion of ${files.length} ${ownOnly ? 'of your' : ''} decision${files.length === 1 ? '' : 's'} checked against the signed root`.replace('  ', ' '));
    }
  } catch (error) {
    const message = error instanceof Error ? error.message : typeof error === 'object' && error && 'error' in error ? String((error as { error: unknown }).error) : String(error);
    failures.push(`the proof could not be fetched: ${message}`);
  }
  return { ok: failures.length === 0 && passed.length > 0, passed, failures };
}
