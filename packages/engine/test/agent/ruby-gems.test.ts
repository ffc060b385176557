// What a gem's build writes and its push or release sends (ruby-gems.ts), judged by the hook:
// the files a gemspec's `files` lists, by `git ls-files` less its rejected prefixes or by patterns.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { gemBuild, gemPushHost } from '../../src/agent/ruby-gems.ts';
import { hookIn } from './hook-in-folder.ts';

const cwd = fs.mkdtempSync(path.join(os.tmpdir(), 'bb-gems-'));
const { bash, expectBlocked, project } = hookIn(cwd);
const customers = 'name,email\nJane,jane.doe@acme-corp.com\n';
// Bundler's template: `git ls-files`, less bin/, test/, spec/, features/ and git's files.
const templateGemspec = (name: string) =>
  `require_relative "lib/${name}/version"\nGem::Specification.new do |spec|\n  spec.name = "${name}"\n  spec.version = ${name[0]!.toUpperCase()}${name.slice(1)}::VERSION\n  spec.files = Dir.chdir(__dir__) do\n    \`git ls-files -z\`.split("\\x0").reject do |f|\n      (File.expand_path(f) == __FILE__) || f.start_with?(*%w[bin/ test/ spec/ features/ .git .github appveyor Gemfile])\n    end\n  end\n  spec.require_paths = ["lib"]\nend\n`;
const version = (name: string) => `module ${name[0]!.toUpperCase()}${name.slice(1)}\n  VERSION = "1.2.0"\nend\n`;
project('crm', { 'crm.gemspec': templateGemspec('crm'), 'lib/crm/version.rb': version('crm'), 'lib/crm/seed.csv': customers });
project('tidy', { 'tidy.gemspec': templateGemspec('tidy'), 'lib/tidy/version.rb': version('tidy'), 'test/fixtures/customers.csv': customers, 'spec/customers.csv': customers });
project('leads', { 'leads.gemspec': 'Gem::Specification.new do |s|\n  s.name = "leads"\n  s.version = "0.1.0"\n  s.files = Dir["lib/**/*.rb", "data/*.csv"] + %w[README.md]\nend\n', 'lib/leads.rb': 'x = 1\n', 'data/customers.csv': customers });
project('code-only', { 'code-only.gemspec': 'Gem::Specification.new do |s|\n  s.name = "code-only"\n  s.version = "0.1.0"\n  s.files = Dir.glob("lib/**/*")\nend\n', 'lib/code.rb': 'x = 1\n', 'data/customers.csv': customers });
project('deep', { 'deep.gemspec': 'Gem::Specification.new do |s|\n  s.name = "deep"\n  s.version = "0.1.0"\n  s.files = Dir["lib/**/*.rb", "data/**/*"]\nend\n', 'lib/deep.rb': 'x = 1\n', 'data/seed/customers.csv': customers });

describe('what a gem build writes', () => {
  it('names the gem from the gemspec, its VERSION constant or --output', () => {
    const read = (word: string, folder: string) => {
      const full = path.resolve(folder, word);
      return word === '*.gemspec' ? fs.readFileSync(path.join(folder, `${path.basename(folder)}.gemspec`), 'utf8') : fs.existsSync(full) ? fs.readFileSync(full, 'utf8') : '';
    };
    expect(gemBuild(['gem', 'build'], path.join(cwd, 'crm'), read)?.gem).toBe(path.join(cwd, 'crm', 'crm-1.2.0.gem'));
    expect(gemBuild(['gem', 'build', 'leads.gemspec', '-o', 'out.gem'], path.join(cwd, 'leads'), read)?.gem).toBe(path.join(cwd, 'leads', 'out.gem'));
    expect(gemBuild(['gem', 'install', 'rails'], cwd, read)).toBeNull();
  });

  it('pushes to rubygems.org, or the --host or RUBYGEMS_HOST it is given', () => {
    expect(gemPushHost(['crm-1.2.0.gem'], {})).toBe('rubygems.org');
    expect(gemPushHost(['--host', 'https://gems.acme-analytics.io/', 'crm-1.2.0.gem'], {})).toBe('gems.acme-analytics.io');
    expect(gemPushHost(['crm-1.2.0.gem'], { RUBYGEMS_HOST: 'https://rubygems.pkg.github.com/acme' })).toBe('rubygems.pkg.github.com');
  });
});

describe('what a gem push or release sends, through the hook', () => {
  it.each([
    ['a gem whose git ls-files takes data under lib', 'cd crm && gem build crm.gemspec && gem push crm-1.2.0.gem', 'rubygems.org'],
    ['a gem whose files patterns name the data', 'cd leads && gem build && gem push --host https://gems.acme-analytics.io leads-0.1.0.gem', 'gems.acme-analytics.io'],
    ['bundler’s rake release', 'cd leads && bundle exec rake release', 'rubygems.org'],
    ['a gem whose `**` pattern takes a folder of data', 'cd deep && gem build && gem push deep-0.1.0.gem', 'rubygems.org'],
  ])('blocks personal data sent through %s', (_road, command, host) => {
    expectBlocked(command, host);
  });

  it.each([['cd tidy && gem build tidy.gemspec && gem push tidy-1.2.0.gem'], ['cd code-only && gem build && gem push code-only-0.1.0.gem'], ['cd tidy && rake release'], ['cd leads && gem build'], ['cd leads && rake test']])(
    'allows %s',
    (command) => {
      expect(bash(command)).toMatchObject({ exitCode: 0, stderr: '' });
    },
  );
});
