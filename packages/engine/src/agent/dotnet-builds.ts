// What a .NET build writes for a later command on the line to send. `dotnet publish [PROJECT] [-o
// DIR]` writes the app into DIR (without `-o`, bin/<Configuration>/<framework>/publish/ beside the
// project): its compiled code, its wwwroot and appsettings files, and what the project copies to
// its output. `dotnet pack [PROJECT] [-o DIR]` writes <PackageId>.<Version>.nupkg into DIR (without
// `-o`, bin/<Configuration>/), which `dotnet nuget push` then sends. What either holds is read as
// the project's folder less bin/ and obj/: the SDK compiles every .cs file in it (their strings
// kept) and copies its content files.
import fs from 'node:fs';
import path from 'node:path';
import { lastValue, wordsOf } from './option-words.ts';
import type { FolderReader } from './published-packages.ts';

/** A file a build writes (full path), and the project folder whose text it holds. */
export type DotnetOutput = { file: string; project: string };

/** `dotnet publish`'s and `dotnet pack`'s options that take the next word as a value. */
const VALUE_OPTIONS = new Set(['-o', '--output', '-c', '--configuration', '-f', '--framework', '-r', '--runtime', '-a', '--arch', '--os', '-v', '--verbosity', '--version-suffix', '-p', '--property', '--sc', '--self-contained', '--source', '-s']);

/** The text of a project's output: its folder less bin/ and obj/. */
export const projectText = (project: string, read: FolderReader): string => read(project, project, (full, folder) => folder && /^(?:bin|obj)$/.test(path.basename(full)) && path.dirname(full) === project);

/** A project file's name. */
const PROJECT_FILE = /\.(?:cs|fs|vb)proj$/;

/** The project file (full path) a command builds: the one it names, or the one in the folder it names or runs in; null for none. */
function projectFile(operand: string | undefined, cwd: string): string | null {
  const named = operand === undefined ? cwd : path.resolve(cwd, operand);
  if (PROJECT_FILE.test(named)) return named;
  try {
    const file = fs.readdirSync(named).sort().find((name) => PROJECT_FILE.test(name));
    return file === undefined ? null : path.join(named, file);
  } catch {
    return null;
  }
}

/** `dotnet publish` and `dotnet pack` (see the head of this file): the file each writes; null for another command. */
export function dotnetOutputs(argv: readonly string[], cwd: string, read: FolderReader): DotnetOutput[] | null {
  if (path.basename(argv[0] ?? '') !== 'dotnet' || (argv[1] !== 'publish' && argv[1] !== 'pack')) return null;
  const words = wordsOf(argv.slice(2), VALUE_OPTIONS);
  const file = projectFile(words.operands[0], cwd);
  if (file === null) return [];
  const project = { file, folder: path.dirname(file) };
  const text = read(file, project.folder);
  const name = /<AssemblyName>([^<]+)<\/AssemblyName>/.exec(text)?.[1] ?? path.basename(file).replace(PROJECT_FILE, '');
  const configuration = lastValue(words, '-c', '--configuration') ?? 'Release';
  const output = lastValue(words, '-o', '--output');
  if (argv[1] === 'pack') {
    const id = /<PackageId>([^<]+)<\/PackageId>/.exec(text)?.[1] ?? name;
    const version = /<(?:PackageVersion|Version)>([^<]+)<\//.exec(text)?.[1] ?? '1.0.0';
    const folder = output === undefined ? path.join(project.folder, 'bin', configuration) : path.resolve(cwd, output);
    return [{ file: path.join(folder, `${id}.${version}.nupkg`), project: project.folder }];
  }
  const framework = lastValue(words, '-f', '--framework') ?? /<TargetFrameworks?>([^<;]+)/.exec(text)?.[1] ?? 'net8.0';
  const folder = output === undefined ? path.join(project.folder, 'bin', configuration, framework, 'publish') : path.resolve(cwd, output);
  return [{ file: path.join(folder, `${name}.dll`), project: project.folder }];
}
