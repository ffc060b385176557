// What Subversion's and Mercurial's commands send (other-repositories.ts), judged by the hook: the
// paths the line adds, names or imports. The working copies hold the files the hook reads of them:
// a .hg/hgrc, and a .svn/wc.db holding its repository's URL as SQLite keeps text (svn and hg are
// not needed).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { classifyToolCall } from '../../src/agent/classify.ts';
import { LocalFiles } from '../../src/agent/local-files.ts';
import { hgPushHost, svnRepositoryHost } from '../../src/agent/other-repositories.ts';
import { hookIn } from './hook-in-folder.ts';

const cwd = fs.mkdtempSync(path.join(os.tmpdir(), 'bb-repos-'));
const { bash, expectBlocked, project } = hookIn(cwd);
const customers = 'name,email\nJane,jane.doe@acme-corp.com\n';
const wcDb = (url: string) => Buffer.concat([Buffer.from('SQLite format 3\0'), Buffer.alloc(84), Buffer.from(`\x05\x17${url}\0/trunk\0`)]).toString('latin1');
project('svn', { '.svn/wc.db': wcDb('https://svn.acme-analytics.io/repos/crm'), 'exports/customers.csv': customers, 'README.md': '# crm\n' });
project('hg', { '.hg/hgrc': '[ui]\nusername = Dev\n[paths]\ndefault = https://hg.acme-analytics.io/crm\nmirror = ssh://hg@mirror.acme-analytics.io/crm\n', 'exports/customers.csv': customers, 'README.md': '# crm\n' });

describe('where a commit or push goes', () => {
  it('finds a working copy’s repository from its wc.db, and a push’s from .hg/hgrc’s paths', () => {
    expect(svnRepositoryHost(path.join(cwd, 'svn', 'exports'))).toBe('svn.acme-analytics.io');
    expect(svnRepositoryHost(os.tmpdir())).toBe('svn:repository');
    expect(hgPushHost(undefined, path.join(cwd, 'hg'))).toBe('hg.acme-analytics.io');
    expect(hgPushHost('mirror', path.join(cwd, 'hg'))).toBe('mirror.acme-analytics.io');
    expect(hgPushHost('https://code.acme-analytics.io/crm', path.join(cwd, 'hg'))).toBe('code.acme-analytics.io');
    expect(hgPushHost(undefined, os.tmpdir())).toBe('hg:repository');
  });
});

describe('svn and hg through the hook', () => {
  it.each([
    ['an svn import', 'cd svn && svn import exports https://svn.acme-analytics.io/repos/crm/exports -m "add exports"', 'svn.acme-analytics.io'],
    ['an svn add, then commit', 'cd svn && svn add exports/customers.csv && svn commit -m "add customers"', 'svn.acme-analytics.io'],
    ['an svn commit of a named path', 'cd svn && svn ci -m update exports', 'svn.acme-analytics.io'],
    ['an hg add, commit and push', 'cd hg && hg add exports/customers.csv && hg commit -m add && hg push', 'hg.acme-analytics.io'],
    ['an hg commit of a named path, pushed to a named path', 'cd hg && hg commit -m add exports && hg push mirror', 'mirror.acme-analytics.io'],
  ])('blocks personal data sent through %s', (_road, command, host) => {
    expectBlocked(command, host);
  });

  it.each([['cd svn && svn add README.md && svn commit -m docs'], ['cd svn && svn status'], ['cd hg && hg add exports/customers.csv && hg commit -m add'], ['cd hg && hg add README.md && hg commit -m docs && hg push'], ['cd hg && hg pull']])(
    'allows %s',
    (command) => {
      expect(bash(command)).toMatchObject({ exitCode: 0, stderr: '' });
    },
  );
});

describe('a call judged away from the agent’s machine (the hosted endpoint)', () => {
  it('reads no working copy’s files of its own machine', () => {
    const hosts = (command: string, folder: string) => classifyToolCall('Bash', { command }, { cwd: path.join(cwd, folder), destinations: [], files: new LocalFiles(false) }).transfers.map((t) => t.host);
    expect(hosts('svn ci -m update exports', 'svn')).toEqual(['svn:repository']);
    expect(hosts('hg add exports && hg push', 'hg')).toEqual(['hg:repository']);
  });
});
