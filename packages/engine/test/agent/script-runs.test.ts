// What a package manager's script run and a make run ask for, worked out from their words and the
// file they read (package-scripts.ts, make-recipes.ts); outbound-commands.test.ts shows the hook
// judging what they send.
import { describe, expect, it } from 'vitest';
import { makeCall, makeRecipes } from '../../src/agent/make-recipes.ts';
import { scriptCall, scriptLines } from '../../src/agent/package-scripts.ts';

const noFolder = () => false;
const packageJson = JSON.stringify({ scripts: { pretest: 'tsc', test: 'vitest run', posttest: 'echo done', deploy: 'node deploy.js', count: 7 } });

describe('a package manager’s script run', () => {
  it.each([
    ['npm', ['run', 'deploy', '--', '--env', 'staging'], { folder: '.', name: 'deploy', given: ['--env', 'staging'] }],
    ['npm', ['t'], { folder: '.', name: 'test', given: [] }],
    ['npm', ['--prefix', 'site', 'run', 'deploy'], { folder: 'site', name: 'deploy', given: [] }],
    ['yarn', ['deploy', '--force'], { folder: '.', name: 'deploy', given: ['--force'] }],
    ['pnpm', ['--dir=site', 'run', 'deploy'], { folder: 'site', name: 'deploy', given: [] }],
    ['bun', ['run', 'deploy'], { folder: '.', name: 'deploy', given: [] }],
  ])('%s %j', (program, args, call) => {
    expect(scriptCall(program, args, noFolder)).toEqual(call);
  });

  it.each([
    ['npm', ['install']],
    ['yarn', ['add', 'lodash']],
    ['bun', ['deploy']],
    ['npm', ['run', 'deploy', '--workspaces']],
    ['npm', ['run', 'deploy', '-w', '@acme/site']],
  ])('runs no script of this package: %s %j', (program, args) => {
    expect(scriptCall(program, args, noFolder)).toBeNull();
  });

  it('reads a workspace named by its folder there', () => {
    expect(scriptCall('npm', ['run', 'deploy', '-w', 'site'], (word) => word === 'site')).toEqual({ folder: 'site', name: 'deploy', given: [] });
  });

  it('runs the pre- and post- scripts around the script, with the words given', () => {
    expect(scriptLines(packageJson, { folder: '.', name: 'test', given: ['--bail'] })).toEqual(['tsc', 'vitest run --bail', 'echo done']);
    expect(scriptLines(packageJson, { folder: '.', name: 'count', given: [] })).toBeNull();
    expect(scriptLines('{"scripts": ', { folder: '.', name: 'test', given: [] })).toBeNull();
  });
});

describe('a make run', () => {
  const makefile = ['HOST := api.acme-analytics.io', 'URL = https://$(HOST)/in', 'all: build', 'build:', '\t@tsc', 'deploy: build', '\t-curl -T out.tgz $(URL)', 'push: ; F=a.csv; curl -d @$$F ${URL}', ''].join('\n');

  it('reads its options, goals and variables', () => {
    expect(makeCall(['-Csite', '-f', 'ci.mk', 'HOST=localhost', 'deploy', '-j', '4'])).toEqual({ folder: 'site', file: 'ci.mk', goals: ['deploy'], variables: new Map([['HOST', 'localhost']]) });
  });

  it('runs a goal’s prerequisites’ recipes first, with the variables expanded', () => {
    expect(makeRecipes(makefile, makeCall(['deploy']))).toEqual({ shell: 'tsc\ncurl -T out.tgz https://api.acme-analytics.io/in', goals: ['deploy'] });
    expect(makeRecipes(makefile, makeCall(['push', 'HOST=localhost']))).toEqual({ shell: 'F=a.csv; curl -d @$F https://localhost/in', goals: ['push'] });
    expect(makeRecipes(makefile, makeCall([]))).toEqual({ shell: 'tsc', goals: ['all'] });
    expect(makeRecipes(makefile, makeCall(['clean']))).toBeNull();
  });
});
