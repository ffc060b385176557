// What GitLab's CLI sends to its GitLab (gitlab-cli.ts), and the hook judging it: an address in an
// issue's, a merge request's or a note's text, in a snippet's or a release's files, in a CI/CD
// variable or in `glab api`'s fields blocks, naming the GitLab it goes to; reading commands and a
// role's mailbox are allowed.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { glabSend } from '../../src/agent/gitlab-cli.ts';
import { hookIn } from './hook-in-folder.ts';

// The hook reads GITLAB_HOST from the environment it runs with: these tests name the GitLab themselves.
delete process.env.GITLAB_HOST;
delete process.env.GL_HOST;

const cwd = fs.mkdtempSync(path.join(os.tmpdir(), 'bb-gitlab-'));
fs.writeFileSync(path.join(cwd, 'customers.csv'), 'name,email\nJane,jane.doe@acme-corp.com\n');
fs.writeFileSync(path.join(cwd, 'CHANGELOG.md'), '# 1.4.2\n- faster exports\n');
const { bash, expectBlocked } = hookIn(cwd);

describe('the hook and glab', () => {
  it.each([
    ['an issue’s description', 'glab issue create -t "Import failed" -d "jane.doe@acme-corp.com cannot log in"', 'gitlab.com'],
    ['a merge request’s description from a file', 'glab mr create --title Seed --description "$(cat customers.csv)"', 'gitlab.com'],
    ['a note', 'glab issue note 12 -m "Reported by jane.doe@acme-corp.com"', 'gitlab.com'],
    ['a note on its input', 'glab mr note 3 < customers.csv', 'gitlab.com'],
    ['a snippet of a file', 'glab snippet create -t leads customers.csv', 'gitlab.com'],
    ['a snippet of its input', 'cat customers.csv | glab snippet create -t leads --filename leads.csv', 'gitlab.com'],
    ['a release’s asset', 'glab release create v1.4.2 customers.csv -N "fixtures"', 'gitlab.com'],
    ['a CI/CD variable', 'glab variable set ADMIN_EMAIL jane.doe@acme-corp.com', 'gitlab.com'],
    ['a CI/CD variable from its input', 'glab variable set LEADS < customers.csv', 'gitlab.com'],
    ['glab api fields', 'glab api projects/7/issues -f title=x -F description=@customers.csv', 'gitlab.com'],
    ['a self-managed GitLab by --repo', 'glab issue create -R gitlab.acme-corp.com/crm/app -t x -d jane.doe@acme-corp.com', 'gitlab.acme-corp.com'],
    ['a self-managed GitLab by GITLAB_HOST', 'GITLAB_HOST=https://gitlab.acme-corp.com glab issue note 4 -m jane.doe@acme-corp.com', 'gitlab.acme-corp.com'],
  ])('blocks personal data sent by %s', (_road, command, host) => {
    expectBlocked(command, host);
  });

  it.each([
    ['glab issue list --assignee @me'],
    ['glab mr view 3 --comments'],
    ['glab api projects/7/issues'],
    ['glab variable get ADMIN_EMAIL'],
    ['glab release create v1.4.2 -F CHANGELOG.md'],
    ['glab issue create -t "Exports are slow" -d "support@acme-corp.com forwarded a report"'],
  ])('allows %s', (command) => {
    expect(bash(command)).toMatchObject({ exitCode: 0, stderr: '' });
  });
});

describe('glabSend', () => {
  const sources = (input = '', files: Record<string, string> = {}, env: Record<string, string> = {}) => ({ input: () => input, read: (file: string) => files[file] ?? '', env: () => env });

  it('sends the text options, the files and the input of the commands that send, to the GitLab named', () => {
    expect(glabSend(['issue', 'create', '-t', 'T', '--description=D', '-l', 'bug'], sources())).toEqual({ sent: ['T', 'D'], host: 'gitlab.com', summary: 'glab issue create to gitlab.com' });
    expect(glabSend(['release', 'create', 'v1', 'a.tgz', '-F', 'notes.md'], sources('', { 'a.tgz': 'asset', 'notes.md': 'notes' }))?.sent).toEqual(['notes', 'asset']);
    expect(glabSend(['variable', 'set', 'K', '-s', 'production'], sources('piped'))?.sent).toEqual(['piped']);
    expect(glabSend(['api', 'x', '--hostname', 'gitlab.acme.io', '-F', 'k=@-'], sources('piped'))).toMatchObject({ sent: ['piped'], host: 'gitlab.acme.io' });
    expect(glabSend(['mr', 'note', '3', '-R', 'https://gitlab.acme.io/g/p'], sources('', {}, {}))?.host).toBe('gitlab.acme.io');
    expect(glabSend(['mr', 'note', '3', '-R', 'group/project'], sources('', {}, { GL_HOST: 'gitlab.example.org' }))?.host).toBe('gitlab.example.org');
  });

  it('is null for reading commands and an api call that sends nothing', () => {
    for (const args of [['issue', 'list'], ['mr', 'view', '3'], ['variable', 'get', 'K'], ['api', 'projects'], ['ci', 'status'], []]) expect(glabSend(args, sources())).toBeNull();
  });
});
