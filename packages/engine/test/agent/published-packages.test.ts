// What a publish packs from a package's folder (published-packages.ts); outbound-commands.test.ts shows
// the hook judging what it sends. Here, the hook judging the publishes of workspaces, of a folder
// named by option, of a tarball `npm pack` writes on the same line, and of release tools.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { cargoPackedFiles, packedFiles } from '../../src/agent/published-packages.ts';
import { npmConfigOfTheirOwn } from './npm-config.ts';
import { hookIn } from './hook-in-folder.ts';

describe('what npm publish packs', () => {
  it('packs the entries of package.json’s files, with what npm always packs', () => {
    const packed = packedFiles(JSON.stringify({ name: 'w', files: ['lib/', './bin', 'dist/**', '!dist/*.map'] }), 'lib/');
    expect(packed.words).toEqual(['lib', 'bin', 'dist', 'package.json', 'README*', 'readme*', 'LICENSE*', 'LICENCE*', 'license*', 'CHANGELOG*', 'changelog*']);
    // Its ignore file does not apply to what files names; npm's own rules do.
    expect(packed.ignored('lib/index.js', false)).toBe(false);
    expect(packed.ignored('lib/node_modules/x.js', false)).toBe(true);
  });

  it('packs the files package.json runs, main and bin, whatever files says', () => {
    expect(packedFiles(JSON.stringify({ files: ['README.md'], main: './index.js', bin: { crm: 'bin/crm.js', sync: './bin/sync.js' } }), null).words).toEqual(
      expect.arrayContaining(['index.js', 'bin/crm.js', 'bin/sync.js']),
    );
    expect(packedFiles(JSON.stringify({ files: ['lib'], bin: 'cli.js' }), null).words).toContain('cli.js');
  });

  it('packs the whole folder less what its ignore file and npm’s rules leave out, without files', () => {
    const packed = packedFiles('{"name": "w"}', 'test/\n# fixtures\n*.log\n');
    expect(packed.words).toEqual(['.']);
    expect(packed.ignored('test', true)).toBe(true);
    expect(packed.ignored('test/customers.csv', false)).toBe(true);
    expect(packed.ignored('debug.log', false)).toBe(true);
    expect(packed.ignored('.npmrc', false)).toBe(true);
    expect(packed.ignored('src/index.js', false)).toBe(false);
    expect(packedFiles('not json', null).words).toEqual(['.']);
  });

  it('takes back what an exception in the ignore file names, as npm does', () => {
    const { ignored } = packedFiles('{"name": "p"}', 'fixtures/\n!fixtures/public.csv\n');
    expect(ignored('fixtures/private.csv', false)).toBe(true);
    expect(ignored('fixtures/public.csv', false)).toBe(false);
  });
});

describe('what cargo publish packs', () => {
  it('packs the folder less its exclude patterns, what git ignores and target, without include', () => {
    const packed = cargoPackedFiles('[package]\nname = "c"\nexclude = ["tests/fixtures/*", "*.log"]\n\n[dependencies]\nserde = "1"\n', 'secrets/\n');
    expect(packed.words).toEqual(['.']);
    expect(packed.ignored('tests/fixtures/customers.csv', false)).toBe(true);
    expect(packed.ignored('build.log', false)).toBe(true);
    expect(packed.ignored('secrets', true)).toBe(true);
    expect(packed.ignored('target', true)).toBe(true);
    expect(packed.ignored('src/lib.rs', false)).toBe(false);
  });

  it('packs only what include matches, and Cargo.toml', () => {
    const packed = cargoPackedFiles("[package]\nname = 'c'\ninclude = [\n  \"src/**\",\n  'README.md',\n]\n", null);
    expect(packed.ignored('src/lib.rs', false)).toBe(false);
    expect(packed.ignored('README.md', false)).toBe(false);
    expect(packed.ignored('Cargo.toml', false)).toBe(false);
    expect(packed.ignored('tests/fixtures/customers.csv', false)).toBe(true);
    expect(packed.ignored('tests', true)).toBe(false);
  });

  it('reads include and exclude only in the [package] table', () => {
    const packed = cargoPackedFiles('[package]\nname = "c"\n\n[package.metadata.docs]\ninclude = ["nothing"]\n', null);
    expect(packed.ignored('tests/fixtures/customers.csv', false)).toBe(false);
  });
});

// Monorepos whose packages keep customer fixtures in test/: a package without `files` ships them.
const cwd = fs.mkdtempSync(path.join(os.tmpdir(), 'bb-publish-'));
const put = (file: string, text: string) => {
  fs.mkdirSync(path.dirname(path.join(cwd, file)), { recursive: true });
  fs.writeFileSync(path.join(cwd, file), text);
};
const customers = JSON.stringify([{ name: 'Jane Doe', email: 'jane.doe@acme-corp.com', phone: '+49 160 98765432' }]);
const pkg = (folder: string, json: object, fixtures = true) => {
  put(`${folder}/package.json`, JSON.stringify(json));
  put(`${folder}/index.js`, 'module.exports = 1;\n');
  put(`${folder}/dist/index.js`, 'module.exports = 1;\n');
  if (fixtures) put(`${folder}/test/fixtures/customers.json`, customers);
};
// npm workspaces; the root's own publish leaves the packages out.
pkg('mono', { name: 'acme-mono', version: '1.0.0', workspaces: ['packages/*'] }, false);
put('mono/.npmignore', 'packages/\n');
pkg('mono/packages/core', { name: '@acme/core', version: '1.0.0' });
pkg('mono/packages/ui', { name: '@acme/ui', version: '1.0.0', files: ['dist'] });
// Workspaces that publish nothing personal, in a private root holding fixtures of its own.
pkg('clean-mono', { name: 'clean-mono', private: true, workspaces: { packages: ['packages/*'] } });
pkg('clean-mono/packages/lib', { name: '@acme/lib', version: '1.0.0', files: ['dist'] });
pkg('clean-mono/packages/internal', { name: '@acme/internal', version: '1.0.0', private: true });
// A pnpm workspace; the root publishes only its README.
pkg('crm', { name: 'crm', version: '1.0.0', files: ['README.md'] }, false);
put('crm/pnpm-workspace.yaml', "packages:\n  # the published packages\n  - 'pkgs/*'\n  - '!pkgs/legacy'\ncatalog:\n  react: ^18\n");
pkg('crm/pkgs/nofiles', { name: '@acme/crm-tools', version: '0.3.0' });
pkg('crm/pkgs/withfiles', { name: '@acme/crm-ui', version: '1.0.0', files: ['dist'] });
pkg('crm/pkgs/legacy', { name: '@acme/crm-legacy', version: '0.1.0' });
// A workspace beside a coverage report of more files and folders than a call may walk: the walk for workspaces does not go in.
pkg('big', { name: 'big', version: '1.0.0', files: ['README.md'] }, false);
put('big/pnpm-workspace.yaml', 'packages: [apps/*]\n');
pkg('big/apps/web', { name: '@acme/web', version: '1.0.0', files: ['dist'] });
for (let k = 0; k < 4200; k++) put(`big/coverage/d${k}/index.html`, '<p>covered</p>');
// A command-line package whose files name only its README: npm packs its bin too.
pkg('cli', { name: '@acme/crm-bin', version: '0.3.0', files: ['README.md'], bin: { crm: 'bin/crm.js' } }, false);
put('cli/bin/crm.js', `#!/usr/bin/env node\nconsole.log(${customers});\n`);
// A workspace file with a glob line of 300,000 spaces: read in linear time.
pkg('spaced', { name: 'spaced', version: '1.0.0', files: ['README.md'] }, false);
put('spaced/pnpm-workspace.yaml', `packages:\n  - 'apps/*'${' '.repeat(300_000)}x\n`);
// lerna's packages, listed in lerna.json.
pkg('release', { name: 'release', version: '1.0.0', files: ['index.js'] });
put('release/lerna.json', JSON.stringify({ version: '1.0.0', packages: ['modules/*'] }));
pkg('release/modules/leads', { name: '@acme/leads', version: '1.0.0' });
// Registries set by npm's config: a package's publishConfig, a project's .npmrc (a scope's registry), a user's .npmrc.
pkg('gh', { name: '@acme/gh-tools', version: '1.0.0', publishConfig: { registry: 'https://npm.pkg.github.com' } });
pkg('scoped', { name: 'scoped-root', version: '1.0.0', files: ['README.md'], workspaces: ['packages/*'] }, false);
put('scoped/.npmrc', '; the company registry for its scope\n@acme:registry = "https://npm.acme-analytics.io/"\n//npm.acme-analytics.io/:_authToken=${NPM_TOKEN}\n');
pkg('scoped/packages/core', { name: '@acme/scoped-core', version: '1.0.0' });
pkg('scoped/packages/plain', { name: 'plain-tools', version: '1.0.0' });
put('user.npmrc', 'registry=https://${BB_TEST_REGISTRY_HOST}/npm/\n');
npmConfigOfTheirOwn(cwd);
const { bash } = hookIn(cwd);

describe('the hook and what a publish sends', () => {
  it('reads a workspace file with a line of 300,000 spaces', () => {
    expect(bash('cd spaced && pnpm -r publish').exitCode).toBe(0);
  });

  it('blocks personal data in a bin npm packs whatever files says', () => {
    const out = bash('cd cli && npm publish');
    expect(out.exitCode).toBe(2);
    expect(out.stderr).toContain('1 email address');
    expect(out.stderr).toContain('(in cli/bin/crm.js)');
  });

  it.each([
    ['npm publish of a workspace named by its folder', 'cd mono && npm publish --workspace packages/core', 'registry.npmjs.org'],
    ['npm publish of a workspace named by its package name', 'cd mono && npm publish -w @acme/core', 'registry.npmjs.org'],
    ['npm publish of every workspace', 'cd mono && npm publish --workspaces --access public', 'registry.npmjs.org'],
    ['pnpm publish of every workspace', 'cd crm && pnpm -r publish --no-git-checks', 'registry.npmjs.org'],
    ['pnpm publish of every workspace to another registry', 'cd crm && pnpm -r publish --registry=https://npm.acme-analytics.io/', 'npm.acme-analytics.io'],
    ['pnpm publish of a workspace filtered by name', 'cd crm && pnpm --filter @acme/crm-tools publish', 'registry.npmjs.org'],
    ['pnpm publish of workspaces filtered by a name glob', "cd crm && pnpm --filter '@acme/*' publish", 'registry.npmjs.org'],
    ['pnpm publish of a workspace filtered by path', 'cd crm && pnpm --filter ./pkgs/nofiles publish', 'registry.npmjs.org'],
    ['pnpm -C', 'cd crm && pnpm -C pkgs/nofiles publish', 'registry.npmjs.org'],
    ['pnpm --dir', 'cd crm && pnpm --dir=pkgs/nofiles publish --no-git-checks', 'registry.npmjs.org'],
    ['npm --prefix', 'cd crm && npm --prefix pkgs/nofiles publish', 'registry.npmjs.org'],
    ['npm -C', 'cd crm && npm -C pkgs/nofiles publish', 'registry.npmjs.org'],
    ['yarn workspace', 'cd crm && yarn workspace @acme/crm-tools npm publish', 'registry.npmjs.org'],
    ['bun publish', 'cd crm/pkgs/nofiles && bun publish', 'registry.npmjs.org'],
    ['the tarball npm pack wrote on the line', 'cd crm/pkgs/nofiles && npm pack && npm publish acme-crm-tools-0.3.0.tgz', 'registry.npmjs.org'],
    ['the tarball npm pack wrote into another folder', 'cd crm && npm pack ./pkgs/nofiles --pack-destination out && npm publish out/acme-crm-tools-0.3.0.tgz', 'registry.npmjs.org'],
    ['np', 'cd crm/pkgs/nofiles && npx np --yolo', 'registry.npmjs.org'],
    ['lerna publish', 'cd release && npx lerna publish from-package --yes', 'registry.npmjs.org'],
    ['changesets', 'cd mono && npx changeset publish', 'registry.npmjs.org'],
    ['yarn workspaces foreach', 'cd mono && yarn workspaces foreach -A npm publish --tolerate-republish', 'registry.npmjs.org'],
    ['npm publish -f of a package folder', 'cd crm && npm publish -f pkgs/nofiles', 'registry.npmjs.org'],
    // Where npm's config says: publishConfig, the project's .npmrc for the package's scope, the environment, the user's .npmrc.
    ['npm publish of a package whose publishConfig names its registry', 'cd gh && npm publish', 'npm publish to npm.pkg.github.com'],
    ['npm publish of a scoped package the project’s .npmrc sends to its scope’s registry', 'cd scoped && npm publish -w @acme/scoped-core', 'npm publish to npm.acme-analytics.io)'],
    ['npm publish of an unscoped package beside it', 'cd scoped && npm publish -w plain-tools', 'npm publish to registry.npmjs.org)'],
    ['npm publish of both, to each one’s registry', 'cd scoped && npm publish --workspaces', 'npm publish to npm.acme-analytics.io, registry.npmjs.org)'],
    ['a scope’s registry over --registry, as npm picks it', 'cd scoped && npm publish -w @acme/scoped-core --registry https://registry.npmjs.org/', 'npm publish to npm.acme-analytics.io)'],
    ['--registry over publishConfig', 'cd gh && npm publish --registry=https://npm.acme-analytics.io/', 'npm publish to npm.acme-analytics.io)'],
    ['npm_config_registry on the line', 'cd crm/pkgs/nofiles && npm_config_registry=https://npm.acme-analytics.io npm publish', 'npm publish to npm.acme-analytics.io)'],
    ['a user’s .npmrc, its registry read from the environment', 'cd crm/pkgs/nofiles && NPM_CONFIG_USERCONFIG=../../../user.npmrc BB_TEST_REGISTRY_HOST=npm.acme-analytics.io npm publish', 'npm publish to npm.acme-analytics.io)'],
  ])('blocks personal data in a package published by %s', (_road, command, registry) => {
    const out = bash(command);
    expect(out.exitCode).toBe(2);
    expect(out.stderr).toContain('1 email address');
    expect(out.stderr).toContain(registry);
    expect(out.stderr).toContain('customers.json');
  });

  it.each([
    // A workspace whose files leave its fixtures out; workspaces that publish nothing personal, and the private ones never published.
    ['cd mono && npm publish -w @acme/ui'],
    ['cd mono && npm publish'],
    ['cd clean-mono && npm publish --workspaces'],
    ['cd clean-mono && pnpm -r publish --no-git-checks'],
    ['cd crm && pnpm --filter @acme/crm-ui publish'],
    ["cd crm && pnpm --filter '!@acme/crm-tools' publish"],
    // A glob's `!` entry leaves a folder out of the workspace.
    ['cd crm && pnpm --filter ./pkgs/withfiles --filter @acme/crm-legacy publish'],
    // Dry runs, and a pack alone: nothing is sent.
    ['cd crm && pnpm -r publish --dry-run'],
    ['cd mono && npm publish --workspaces --dry-run'],
    ['cd crm/pkgs/nofiles && npm pack'],
    ['cd crm/pkgs/nofiles && npm pack --dry-run && npm publish acme-crm-tools-0.3.0.tgz'],
    ['cd crm/pkgs/withfiles && npm pack && npm publish acme-crm-ui-1.0.0.tgz'],
    ['cd crm/pkgs/nofiles && npx np --preview'],
    ['cd clean-mono && npx changeset publish'],
    ['cd big && pnpm -r publish'],
  ])('allows a publish that sends nothing personal: %s', (command) => {
    expect(bash(command)).toMatchObject({ exitCode: 0, stderr: '' });
  });
});

describe('reading long adversarial ignore files', () => {
  // Linear work on a few hundred kilobytes takes milliseconds; a pattern of many wildcards, or a path tested against every one of 300,000 lines, would run past the test's timeout.
  it('packs every file where a crate’s include patterns are past the bounds', () => {
    const { ignored } = cargoPackedFiles(`[package]\nname = "x"\ninclude = ["${'*a'.repeat(2000)}b"]\n`, null);
    expect(ignored('src/lib.rs', false)).toBe(false);
  });
});
