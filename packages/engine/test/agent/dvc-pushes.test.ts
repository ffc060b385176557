// What a `dvc push` sends (dvc-pushes.ts), judged by the hook: the outputs of a DVC project's .dvc
// and dvc.lock files, to its remote. The projects are git repositories with DVC's own files, as
// `dvc init`, `dvc remote add` and `dvc add` write them (DVC itself is not needed).
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { dvcPush } from '../../src/agent/dvc-pushes.ts';
import { hookIn } from './hook-in-folder.ts';

const cwd = fs.mkdtempSync(path.join(os.tmpdir(), 'bb-dvc-'));
const home = fs.mkdtempSync(path.join(os.tmpdir(), 'bb-dvc-home-'));
const { bash, expectBlocked, project } = hookIn(cwd);
const customers = 'name,email\nJane,jane.doe@acme-corp.com\n';
const dvcFile = (out: string, more = '') => `outs:\n- md5: 3f1e2d4c5b6a79880f1e2d3c4b5a6978\n  size: 41\n  hash: md5\n  path: ${out}\n${more}`;
/** A DVC project in a git repository: `.dvc/config` naming its remote, and its files. */
const dvcProject = (name: string, config: string, files: Record<string, string>) => {
  project(name, { '.dvc/config': config, '.dvc/.gitignore': '/config.local\n/tmp\n/cache\n', ...files });
  execFileSync('git', ['init', '-q'], { cwd: path.join(cwd, name) });
};
const s3 = "[core]\n    remote = store\n['remote \"store\"']\n    url = s3://acme-datasets/crm\n";
dvcProject('crm', s3, { 'data/customers.csv.dvc': dvcFile('customers.csv'), 'data/customers.csv': customers, 'data/.gitignore': '/customers.csv\n' });
dvcProject('pipeline', "[core]\n    remote = minio\n['remote \"minio\"']\n    url = s3://features\n    endpointurl = https://minio.acme-analytics.io\n", {
  'dvc.lock': `schema: '2.0'\nstages:\n  prepare:\n    cmd: python prepare.py\n    deps:\n    - path: prepare.py\n    outs:\n    - path: features/\n    - path: metrics.json\n      cache: false\n`,
  'features/part-0.csv': customers,
  'metrics.json': JSON.stringify({ reviewer: 'jane.doe@acme-corp.com' }),
  'prepare.py': 'print(1)\n',
});
dvcProject('clean', s3, { 'models/model.pkl.dvc': dvcFile('model.pkl'), 'models/model.pkl': 'weights\n', 'data/customers.csv': customers, '.gitignore': 'data/\n' });
dvcProject('ssh', "[core]\nremote = box\n[remote \"box\"]\nurl = ssh://dvc@storage.acme-analytics.io/srv/dvc\n", { 'data/raw/leads.csv': customers });
dvcProject('local', "[core]\n    remote = disk\n['remote \"disk\"']\n    url = /mnt/backup/dvc\n", { 'data/customers.csv.dvc': dvcFile('customers.csv'), 'data/customers.csv': customers });
dvcProject('none', '', { 'data/customers.csv.dvc': dvcFile('customers.csv'), 'data/customers.csv': customers });

describe('what a dvc push sends, and where', () => {
  it('sends the outputs of the project’s .dvc and dvc.lock files to its default remote or the one -r names', () => {
    expect(dvcPush(['dvc', 'push'], path.join(cwd, 'crm'), home, {}, [])).toEqual({ host: 's3.amazonaws.com', outputs: [path.join(cwd, 'crm', 'data', 'customers.csv')] });
    expect(dvcPush(['dvc', 'push'], path.join(cwd, 'pipeline'), home, {}, [])).toEqual({ host: 'minio.acme-analytics.io', outputs: [path.join(cwd, 'pipeline', 'features')] });
    expect(dvcPush(['dvc', 'push', 'models/model.pkl.dvc'], path.join(cwd, 'clean'), home, {}, [])?.outputs).toEqual([path.join(cwd, 'clean', 'models', 'model.pkl')]);
    expect(dvcPush(['dvc', 'push'], path.join(cwd, 'local'), home, {}, [])?.host).toBeNull();
    expect(dvcPush(['dvc', 'push'], path.join(cwd, 'none'), home, {}, [])).toBeNull();
    expect(dvcPush(['dvc', 'pull'], path.join(cwd, 'crm'), home, {}, [])).toBeNull();
    expect(dvcPush(['dvc', 'push'], os.tmpdir(), home, {}, [])).toBeNull();
  });

  it('takes the remote from .dvc/config.local over .dvc/config, and from the user’s config', () => {
    fs.writeFileSync(path.join(cwd, 'none', '.dvc', 'config.local'), "['remote \"mine\"']\n    url = gs://acme-scratch\n");
    expect(dvcPush(['dvc', 'push', '-r', 'mine'], path.join(cwd, 'none'), home, {}, [])?.host).toBe('storage.googleapis.com');
    fs.mkdirSync(path.join(home, '.config', 'dvc'), { recursive: true });
    fs.writeFileSync(path.join(home, '.config', 'dvc', 'config'), "[core]\n    remote = shared\n['remote \"shared\"']\n    url = azure://team/dvc\n");
    expect(dvcPush(['dvc', 'push'], path.join(cwd, 'none'), home, {}, [])?.host).toBe('blob.core.windows.net');
    fs.rmSync(path.join(home, '.config'), { recursive: true });
  });
});

describe('a dvc push through the hook', () => {
  it.each([
    ['a tracked file', 'cd crm && dvc push', 's3.amazonaws.com'],
    ['a pipeline’s output folder', 'cd pipeline && dvc push -j 4', 'minio.acme-analytics.io'],
    ['data added on the same line', 'cd ssh && dvc add data/raw && git add data/raw.dvc && dvc push', 'storage.acme-analytics.io'],
    ['data added straight to the remote', 'cd ssh && dvc add --to-remote data/raw', 'storage.acme-analytics.io'],
  ])('blocks personal data sent as %s', (_road, command, host) => {
    expectBlocked(command, host);
  });

  it.each([['cd clean && dvc push'], ['cd local && dvc push'], ['cd crm && dvc add data/customers.csv'], ['cd crm && dvc pull'], ['cd pipeline && dvc push metrics.json.dvc']])('allows %s', (command) => {
    expect(bash(command)).toMatchObject({ exitCode: 0, stderr: '' });
  });
});
