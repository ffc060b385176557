// What a Dart or Flutter package's, a Hex package's and a NuGet package's publish sends
// (package-publishes.ts), judged by the hook. The .nupkg files are zips made by Python's zipfile.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { hexPublish, nugetPush, pubPublish } from '../../src/agent/package-publishes.ts';
import { hookIn } from './hook-in-folder.ts';

const cwd = fs.mkdtempSync(path.join(os.tmpdir(), 'bb-publishes-'));
const { bash, expectBlocked, project } = hookIn(cwd);
const customers = 'name,email\nJane,jane.doe@acme-corp.com\n';
project('dart', { 'pubspec.yaml': 'name: crm\nversion: 1.0.0\n', 'lib/crm.dart': 'void main() {}\n', 'assets/customers.csv': customers });
project('dart-own', { 'pubspec.yaml': 'name: crm\npublish_to: https://pub.acme-analytics.io\n', 'lib/customers.csv': customers });
project('dart-private', { 'pubspec.yaml': 'name: crm\npublish_to: none\n', 'lib/customers.csv': customers });
project('dart-ignored', { 'pubspec.yaml': 'name: crm\n', '.pubignore': 'test/fixtures/\n', '.gitignore': '', 'lib/crm.dart': 'void main() {}\n', 'test/fixtures/customers.csv': customers, '.dart_tool/cache.csv': customers });
project('hex', { 'mix.exs': 'defmodule Crm.MixProject do\n  use Mix.Project\nend\n', 'lib/crm.ex': 'defmodule Crm do\nend\n', 'priv/seeds.csv': customers });
project('hex-listed', { 'mix.exs': 'defp package do\n  [files: ~w(lib mix.exs README.md), licenses: ["MIT"]]\nend\n', 'lib/crm.ex': 'defmodule Crm do\nend\n', 'priv/seeds.csv': customers });
project('hex-data', { 'mix.exs': 'defp package do\n  [files: ["lib", "data"]]\nend\n', 'lib/crm.ex': 'defmodule Crm do\nend\n', 'data/customers.csv': customers });
project('nuget', { 'nuget.config': '<configuration><packageSources><add key="acme" value="https://nuget.acme-analytics.io/v3/index.json" /></packageSources></configuration>' });
execFileSync('python3', ['-c', 'import sys, zipfile\nfor name, text in (("Crm.1.0.0.nupkg", sys.argv[2]), ("Clean.1.0.0.nupkg", "x = 1")):\n  with zipfile.ZipFile(f"{sys.argv[1]}/{name}", "w", zipfile.ZIP_DEFLATED) as z: z.writestr("content/seed.csv", text)', path.join(cwd, 'nuget'), customers]);

const read = (word: string, folder: string) => {
  const full = path.resolve(folder, word);
  return fs.existsSync(full) && fs.statSync(full).isFile() ? fs.readFileSync(full, 'utf8') : '';
};

describe('where a publish sends', () => {
  it('sends a Dart package to publish_to, PUB_HOSTED_URL or pub.dev, and never one published nowhere', () => {
    expect(pubPublish(['dart', 'pub', 'publish'], path.join(cwd, 'dart'), () => ({}), read)?.host).toBe('pub.dev');
    expect(pubPublish(['flutter', 'pub', 'publish', '--force'], path.join(cwd, 'dart'), () => ({ PUB_HOSTED_URL: 'https://pub.acme-analytics.io' }), read)?.host).toBe('pub.acme-analytics.io');
    expect(pubPublish(['dart', 'pub', 'publish', '-C', 'dart-own'], cwd, () => ({}), read)?.host).toBe('pub.acme-analytics.io');
    expect(pubPublish(['dart', 'pub', 'publish'], path.join(cwd, 'dart-private'), () => ({}), read)).toBeNull();
    expect(pubPublish(['dart', 'pub', 'publish', '--dry-run'], path.join(cwd, 'dart'), () => ({}), read)).toBeNull();
    expect(pubPublish(['dart', 'pub', 'get'], path.join(cwd, 'dart'), () => ({}), read)).toBeNull();
  });

  it('sends a Hex package to HEX_API_URL or hex.pm', () => {
    expect(hexPublish(['mix', 'hex.publish'], path.join(cwd, 'hex'), () => ({}), read)?.host).toBe('hex.pm');
    expect(hexPublish(['mix', 'hex.publish', 'package'], path.join(cwd, 'hex'), () => ({ HEX_API_URL: 'https://hex.acme-analytics.io/api' }), read)?.host).toBe('hex.acme-analytics.io');
    expect(hexPublish(['mix', 'hex.publish', '--dry-run'], path.join(cwd, 'hex'), () => ({}), read)).toBeNull();
  });

  it('pushes a NuGet package to its source, by URL or by nuget.config’s name, and to nuget.org without one', () => {
    const folder = path.join(cwd, 'nuget');
    expect(nugetPush(['dotnet', 'nuget', 'push', 'Crm.1.0.0.nupkg'], folder, read)).toEqual({ host: 'www.nuget.org', packages: ['Crm.1.0.0.nupkg'] });
    expect(nugetPush(['dotnet', 'nuget', 'push', 'Crm.1.0.0.nupkg', '-s', 'acme', '-k', 'key'], folder, read)?.host).toBe('nuget.acme-analytics.io');
    expect(nugetPush(['nuget', 'push', 'Crm.1.0.0.nupkg', '-Source', 'https://nuget.pkg.github.com/acme/index.json'], folder, read)?.host).toBe('nuget.pkg.github.com');
    expect(nugetPush(['dotnet', 'nuget', 'push', 'Crm.1.0.0.nupkg', '--source', './feed'], folder, read)?.host).toBeNull();
    expect(nugetPush(['dotnet', 'build'], folder, read)).toBeNull();
  });
});

describe('what a publish sends, through the hook', () => {
  it.each([
    ['a Dart package’s assets', 'cd dart && dart pub publish --force', 'pub.dev'],
    ['a Flutter package to its own registry', 'cd dart-own && flutter pub publish', 'pub.acme-analytics.io'],
    ['a Dart package to the registry its environment names', 'cd dart && PUB_HOSTED_URL=https://pub.acme-analytics.io dart pub publish -f', 'pub.acme-analytics.io'],
    ['a Hex package’s priv folder, in Hex’s default files', 'cd hex && mix hex.publish --yes', 'hex.pm'],
    ['a folder a Hex package lists', 'cd hex-data && mix hex.publish package', 'hex.pm'],
    ['a NuGet package', 'cd nuget && dotnet nuget push Crm.1.0.0.nupkg --api-key key', 'www.nuget.org'],
    ['a NuGet package to a named source', 'cd nuget && dotnet nuget push Crm.1.0.0.nupkg -s acme', 'nuget.acme-analytics.io'],
  ])('blocks personal data sent through %s', (_road, command, host) => {
    expectBlocked(command, host);
  });

  it.each([
    ['cd dart-private && dart pub publish'],
    ['cd dart-ignored && dart pub publish --force'],
    ['cd dart && dart pub publish --dry-run'],
    ['cd hex-listed && mix hex.publish'],
    ['cd hex && mix hex.publish --dry-run'],
    ['cd nuget && dotnet nuget push Clean.1.0.0.nupkg'],
    ['cd nuget && dotnet nuget push Crm.1.0.0.nupkg -s ./feed'],
  ])('allows %s', (command) => {
    expect(bash(command)).toMatchObject({ exitCode: 0, stderr: '' });
  });
});
