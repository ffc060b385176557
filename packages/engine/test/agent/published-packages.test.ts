// What a publish packs from a package's folder (published-packages.ts); outbound-commands.test.ts shows
// the hook judging what it sends.
import { describe, expect, it } from 'vitest';
import { cargoPackedFiles, ignoreRules, packedFiles } from '../../src/agent/published-packages.ts';

describe('what npm publish packs', () => {
  it('packs the entries of package.json’s files, with what npm always packs', () => {
    const packed = packedFiles(JSON.stringify({ name: 'w', files: ['lib/', './bin', 'dist/**', '!dist/*.map'] }), 'lib/');
    expect(packed.words).toEqual(['lib', 'bin', 'dist', 'package.json', 'README*', 'readme*', 'LICENSE*', 'LICENCE*', 'license*', 'CHANGELOG*', 'changelog*']);
    // Its ignore file does not apply to what files names; npm's own rules do.
    expect(packed.ignored('lib/index.js', false)).toBe(false);
    expect(packed.ignored('lib/node_modules/x.js', false)).toBe(true);
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

  it('reads ignore lines as git does', () => {
    const ignored = ignoreRules(['fixtures', '/build', 'docs/*.pdf', 'tmp/', '**/secret.txt', '!keep.txt', 'a?.csv']);
    expect(ignored('test/fixtures/c.csv', false)).toBe(true);
    expect(ignored('build/out.js', false)).toBe(true);
    expect(ignored('src/build/out.js', false)).toBe(false);
    expect(ignored('docs/guide.pdf', false)).toBe(true);
    expect(ignored('docs/deep/guide.pdf', false)).toBe(false);
    expect(ignored('tmp', true)).toBe(true);
    expect(ignored('tmp', false)).toBe(false);
    expect(ignored('a/b/secret.txt', false)).toBe(true);
    expect(ignored('secret.txt', false)).toBe(true);
    expect(ignored('keep.txt', false)).toBe(false);
    expect(ignored('ab.csv', false)).toBe(true);
    expect(ignored('abc.csv', false)).toBe(false);
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
