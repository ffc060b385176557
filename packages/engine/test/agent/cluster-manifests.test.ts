// What a kustomization reads: the files and kustomizations it names, each once, to a bounded depth,
// and no remote base.
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { kustomization } from '../../src/agent/cluster-manifests.ts';
import type { FolderReader } from '../../src/agent/published-packages.ts';
import { Unread } from '../../src/agent/unread.ts';

/** A reader of made-up files, by full path. */
const reader =
  (files: Record<string, string>): FolderReader =>
  (word, folder) =>
    files[path.resolve(folder, word)] ?? '';

describe('kustomization', () => {
  it('reads the files its generators name and the kustomizations its resources are in, each once, without a remote base', () => {
    const unread = new Unread();
    const text = kustomization('/k/overlay', reader({
      '/k/overlay/kustomization.yaml': 'resources:\n  - ../base\n  - https://github.com/acme/base?ref=v1\nsecretGenerator:\n  - name: s\n    envs: [../app.env]\n    literals:\n      - admin=jane.doe@acme-corp.com\n',
      '/k/base/kustomization.yaml': 'resources: [../overlay, cm.yaml]\n',
      '/k/base/cm.yaml': 'kind: ConfigMap',
      '/k/app.env': 'SUPPORT=+49 30 1234567',
    }), unread);
    expect(text).toContain('kind: ConfigMap');
    expect(text).toContain('SUPPORT=+49 30 1234567');
    expect(text).toContain('admin=jane.doe@acme-corp.com');
    expect(unread.isEmpty).toBe(true);
  });

  it('is null for a folder with no kustomization, and leaves kustomizations nested past its depth unread', () => {
    expect(kustomization('/none', reader({}), new Unread())).toBeNull();
    const chain = Object.fromEntries(Array.from({ length: 12 }, (_, k) => [`/c/${k}/kustomization.yaml`, `resources:\n  - ../${k + 1}\n`]));
    const unread = new Unread();
    kustomization('/c/0', reader(chain), unread);
    expect(unread.list()).toEqual(['its kustomizations name kustomizations more than 8 deep']);
  });
});
