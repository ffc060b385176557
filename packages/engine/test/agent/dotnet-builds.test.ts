// What a .NET publish or pack writes (dotnet-builds.ts), and the hook judging a later command on the
// line that sends it: the project's folder less bin/ and obj/.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { dotnetOutputs } from '../../src/agent/dotnet-builds.ts';
import { hookIn } from './hook-in-folder.ts';

const cwd = fs.mkdtempSync(path.join(os.tmpdir(), 'bb-dotnet-'));
const { bash, expectBlocked, project } = hookIn(cwd);
const customers = 'name,email\nJane,jane.doe@acme-corp.com\n';
const csproj = (more: string) => `<Project Sdk="Microsoft.NET.Sdk.Web">\n  <PropertyGroup>\n    <TargetFramework>net8.0</TargetFramework>\n${more}  </PropertyGroup>\n</Project>\n`;
project('web', { 'Crm.Web.csproj': csproj('    <Version>2.1.0</Version>\n'), 'Program.cs': 'var app = WebApplication.Create();\n', 'wwwroot/data/customers.csv': customers });
project('lib', { 'Crm.Sync.csproj': csproj('    <PackageId>Acme.Crm.Sync</PackageId>\n    <AssemblyName>Acme.Crm.Sync</AssemblyName>\n    <TargetFrameworks>net8.0;net6.0</TargetFrameworks>\n'), 'Seed.cs': 'static class Seed { const string Owner = "jane.doe@acme-corp.com"; }\n' });
project('clean', { 'Crm.Api.csproj': csproj(''), 'Program.cs': 'var app = WebApplication.Create();\n', 'bin/Debug/net8.0/old/customers.csv': customers, 'obj/customers.csv': customers });
const read = (word: string, folder: string) => {
  const full = path.resolve(folder, word);
  return fs.existsSync(full) && fs.statSync(full).isFile() ? fs.readFileSync(full, 'utf8') : '';
};
const at = (...parts: string[]) => path.join(cwd, ...parts);

describe('what a publish or pack writes', () => {
  it('writes the app into -o, or bin/<configuration>/<framework>/publish, named by the project', () => {
    expect(dotnetOutputs(['dotnet', 'publish', '-o', 'out'], at('web'), read)).toEqual([{ file: at('web', 'out', 'Crm.Web.dll'), project: at('web') }]);
    expect(dotnetOutputs(['dotnet', 'publish', 'web', '-c', 'Debug'], cwd, read)?.map((o) => o.file)).toEqual([at('web', 'bin', 'Debug', 'net8.0', 'publish', 'Crm.Web.dll')]);
    expect(dotnetOutputs(['dotnet', 'publish', 'lib/Crm.Sync.csproj', '-f', 'net6.0'], cwd, read)?.map((o) => o.file)).toEqual([at('lib', 'bin', 'Release', 'net6.0', 'publish', 'Acme.Crm.Sync.dll')]);
  });

  it('writes a package named by its PackageId and Version', () => {
    expect(dotnetOutputs(['dotnet', 'pack'], at('web'), read)?.map((o) => o.file)).toEqual([at('web', 'bin', 'Release', 'Crm.Web.2.1.0.nupkg')]);
    expect(dotnetOutputs(['dotnet', 'pack', '-o', 'dist'], at('lib'), read)?.map((o) => o.file)).toEqual([at('lib', 'dist', 'Acme.Crm.Sync.1.0.0.nupkg')]);
    expect(dotnetOutputs(['dotnet', 'pack'], os.tmpdir(), read)).toEqual([]);
    expect(dotnetOutputs(['dotnet', 'build'], at('web'), read)).toBeNull();
  });
});

describe('what a later command sends of it, through the hook', () => {
  it.each([
    ['a published app copied to a server', 'cd web && dotnet publish -c Release -o ./out && scp -r out deploy@app.acme-analytics.io:/srv/crm', 'app.acme-analytics.io'],
    ['a published app from its default folder', 'cd web && dotnet publish && rsync -a bin/Release/net8.0/publish/ deploy@app.acme-analytics.io:/srv/crm/', 'app.acme-analytics.io'],
    ['a package pushed by a glob', 'cd lib && dotnet pack && dotnet nuget push bin/Release/*.nupkg -k key', 'www.nuget.org'],
    ['a package pushed from -o', 'cd web && dotnet pack -o dist && dotnet nuget push dist/Crm.Web.2.1.0.nupkg -s https://nuget.acme-analytics.io/v3/index.json', 'nuget.acme-analytics.io'],
  ])('blocks personal data sent as %s', (_road, command, host) => {
    expectBlocked(command, host);
  });

  it.each([['cd clean && dotnet publish -o out && scp -r out deploy@app.acme-analytics.io:/srv/api'], ['cd web && dotnet publish -o out'], ['cd web && dotnet build && dotnet test']])('allows %s', (command) => {
    expect(bash(command)).toMatchObject({ exitCode: 0, stderr: '' });
  });
});
