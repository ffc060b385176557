// What a kustomization reads: the files and kustomizations it names, each once, to a bounded depth,
// and no remote base; where kustomize, kubectl and helm write what they build.
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { kustomization, manifestsWritten } from '../../src/agent/cluster-manifests.ts';
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

describe('manifestsWritten', () => {
  const chart = reader({ '/w/chart/Chart.yaml': 'apiVersion: v2\nname: crm\nversion: 1.0.0\n' });
  const written = (tool: string, line: string, folders: string[] = []) => manifestsWritten(tool, line.split(' '), '/w', chart, (full) => folders.includes(full));

  it('is the file kustomize build or kubectl kustomize writes with -o, and a folder that is there as files for each object', () => {
    expect(written('kustomize', 'build overlay -o out.yaml')).toEqual({ file: 'out.yaml' });
    expect(written('kubectl', 'kustomize overlay --output=out.yaml')).toEqual({ file: 'out.yaml' });
    expect(written('kustomize', 'build -o out overlay', ['/w/out'])).toEqual({ folder: 'out', files: '*.yaml' });
    expect(written('kustomize', 'build -o out/ overlay')).toEqual({ folder: 'out/', files: '*.yaml' });
  });

  it('is the folder helm template --output-dir writes a local chart into, under its release with --release-name', () => {
    expect(written('helm', 'template crm ./chart --output-dir out')).toEqual({ folder: 'out/crm', files: 'templates/*.yaml' });
    expect(written('helm', 'template api chart --output-dir=out --release-name')).toEqual({ folder: 'out/api/crm', files: 'templates/*.yaml' });
    expect(written('helm', 'template chart --output-dir out --release-name')).toEqual({ folder: 'out/release-name/crm', files: 'templates/*.yaml' });
    expect(written('helm', 'template chart --output-dir out --release-name -g')).toEqual({ folder: 'out', files: '*/crm/templates/*.yaml' });
  });

  it('is null for what is printed, a chart from a repository, and commands that build nothing', () => {
    expect(written('kustomize', 'build overlay')).toBeNull();
    expect(written('helm', 'template crm ./chart')).toBeNull();
    expect(written('helm', 'template web bitnami/nginx --output-dir out')).toBeNull();
    expect(written('kubectl', 'get pods -o yaml')).toBeNull();
    expect(written('helm', 'install crm ./chart -o json')).toBeNull();
  });
});
