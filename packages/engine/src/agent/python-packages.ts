// What Python's builds write and its publishes send. A build (`python -m build`, `pyproject-build`,
// `uv build`, `hatch build`, `poetry build`, `flit build`, `pdm build`, `python setup.py sdist
// bdist_wheel`) writes an sdist (`dist/<name>-<version>.tar.gz`) and a wheel
// (`dist/<name>-<version>-py3-none-any.whl`); a publish (`twine upload`, `uv publish`, `hatch
// publish`, `poetry publish`, `flit publish`, `pdm publish`) sends the built files it is given
// (`dist/*` without any), and flit's, pdm's and `poetry publish --build` build what they send.
//
// What each holds follows the build backend pyproject.toml names. A wheel holds the import package:
// the backend's own setting, else `src/<name>`, `<name>` or `<name>.py`. An sdist made by hatchling
// holds the project's folder; one made by any other backend holds the package, pyproject.toml (or
// setup.py and setup.cfg), the README and licence files, and what the backend is told to include
// (MANIFEST.in's `include`, `recursive-include` and `graft`; poetry's, flit's, uv's and pdm's
// include lists; pdm's `tests` too). What .gitignore ignores, and the build's and tools' own
// folders (`dist`, `.venv`, `__pycache__`, ...), are left out.
import path from 'node:path';
import { hostOf } from './destinations.ts';
import { type Words, lastValue, wordsOf } from './option-words.ts';
import { orderedIgnoreRules } from './ignore-files.ts';
import type { FolderReader } from './published-packages.ts';

/** A build of a project's folder: the archives it writes (full paths), null for one it does not make. */
export type PythonBuild = { folder: string; sdist: string | null; wheel: string | null };

/** Where a publish goes, the built files it names, and what it builds itself to send (flit, pdm, `poetry publish --build`); a dry run sends nothing. */
export type PythonPublish = { registry: string; files: string[]; builds: PythonBuild | null; dryRun: boolean };

/** Interpreters that run `-m build` (`python3.12 -m build`). */
const PYTHON = /^python(?:\d+(?:\.\d+)?)?$/;

/** Each build tool's options that take the next word as a value. */
const BUILD_VALUE_OPTIONS: Record<string, ReadonlySet<string>> = {
  build: new Set(['-o', '--outdir', '-C', '--config-setting', '--installer']),
  uv: new Set(['-o', '--out-dir', '--package', '-p', '--python', '-c', '--constraint', '--build-constraint', '--directory', '--project', '--config-setting', '-C']),
  hatch: new Set(['-t', '--target', '-e', '--env']),
  poetry: new Set(['-f', '--format', '-o', '--output', '-C', '--directory', '-P', '--project', '--config-settings']),
  flit: new Set(['--format', '-f', '--ini-file']),
  pdm: new Set(['-d', '--dest', '-p', '--project', '-C', '--config-setting', '-k', '--skip']),
  'setup.py': new Set(['-d', '--dist-dir', '--formats']),
};

/** The build tool a command line runs, and its words after the build command; null for none. */
function buildWords(argv: readonly string[]): { tool: string; words: readonly string[] } | null {
  const program = path.basename(argv[0] ?? '');
  if (program === 'pyproject-build') return { tool: 'build', words: argv.slice(1) };
  if (PYTHON.test(program) && argv[1] === '-m' && argv[2] === 'build') return { tool: 'build', words: argv.slice(3) };
  if (PYTHON.test(program) && path.basename(argv[1] ?? '') === 'setup.py' && argv.slice(2).some((w) => w === 'sdist' || w === 'bdist_wheel')) return { tool: 'setup.py', words: argv.slice(2) };
  if (['uv', 'hatch', 'poetry', 'flit', 'pdm'].includes(program) && argv[1] === 'build') return { tool: program, words: argv.slice(2) };
  return null;
}

/** A tool's words (option-words.ts), asked for an option's last value or whether a flag is given. */
function readWords(takes: ReadonlySet<string>, args: readonly string[]): { value: (...names: string[]) => string | undefined; has: (...flags: string[]) => boolean; operands: string[] } {
  const words: Words = wordsOf(args, takes);
  return { value: (...names) => lastValue(words, ...names), has: (...names) => names.some((n) => words.flags.has(n)), operands: words.operands };
}

/**
 * The archives a build command writes, and the folder it builds (`python -m build [SRCDIR] [-o
 * DIR] [--sdist|--wheel]`, `uv build [PATH] [-o DIR]`, `hatch build [DIR] [-t sdist|wheel]`,
 * `poetry build [-f FORMAT] [-o DIR]`, `flit build [--format FORMAT]`, `pdm build [-d DIR]
 * [--no-sdist|--no-wheel]`, `python setup.py sdist|bdist_wheel [-d DIR]`); null for another command.
 */
export function pythonBuild(argv: readonly string[], cwd: string, read: FolderReader): PythonBuild | null {
  const found = buildWords(argv);
  if (found === null) return null;
  const { tool, words } = found;
  const w = readWords(BUILD_VALUE_OPTIONS[tool]!, words);
  let folder = cwd;
  let out = 'dist';
  let sdist = true;
  let wheel = true;
  if (tool === 'build' || tool === 'uv') {
    folder = path.resolve(cwd, w.value('--directory', '--project') ?? '.', w.operands[0] ?? '.');
    out = w.value('-o', '--outdir', '--out-dir') ?? path.join(path.relative(cwd, folder) || '.', 'dist');
    [sdist, wheel] = [w.has('-s', '--sdist') || !w.has('-w', '--wheel'), w.has('-w', '--wheel') || !w.has('-s', '--sdist')];
  } else if (tool === 'hatch') {
    out = w.operands[0] ?? 'dist';
    const target = w.value('-t', '--target');
    [sdist, wheel] = [target === undefined || target.startsWith('sdist'), target === undefined || target.startsWith('wheel')];
  } else if (tool === 'poetry') {
    folder = path.resolve(cwd, w.value('-C', '--directory', '-P', '--project') ?? '.');
    out = w.value('-o', '--output') ?? path.join(path.relative(cwd, folder) || '.', 'dist');
    const format = w.value('-f', '--format');
    [sdist, wheel] = [format === undefined || format === 'sdist', format === undefined || format === 'wheel'];
  } else if (tool === 'flit') {
    const format = w.value('--format', '-f');
    [sdist, wheel] = [format === undefined || format === 'sdist', format === undefined || format === 'wheel'];
  } else if (tool === 'pdm') {
    folder = path.resolve(cwd, w.value('-p', '--project') ?? '.');
    out = w.value('-d', '--dest') ?? path.join(path.relative(cwd, folder) || '.', 'dist');
    [sdist, wheel] = [!w.has('--no-sdist'), !w.has('--no-wheel')];
  } else {
    folder = path.resolve(cwd, path.dirname(argv[1] ?? 'setup.py'));
    out = w.value('-d', '--dist-dir') ?? path.join(path.relative(cwd, folder) || '.', 'dist');
    [sdist, wheel] = [words.includes('sdist'), words.includes('bdist_wheel')];
  }
  const { name, version } = projectName(folder, read);
  const stem = `${name.toLowerCase().replace(/[-_.]+/g, '_')}-${version}`;
  const into = path.resolve(cwd, out);
  return { folder, sdist: sdist ? path.join(into, `${stem}.tar.gz`) : null, wheel: wheel ? path.join(into, `${stem}-py3-none-any.whl`) : null };
}

/** Each publish tool's options that take the next word as a value. */
const PUBLISH_VALUE_OPTIONS: Record<string, ReadonlySet<string>> = {
  twine: new Set(['-r', '--repository', '--repository-url', '-u', '--username', '-p', '--password', '-c', '--comment', '--config-file', '--client-cert', '--cert', '-i', '--identity', '--sign-with', '--attestations']),
  uv: new Set(['--publish-url', '--index', '--username', '-u', '--password', '-p', '--token', '-t', '--trusted-publishing', '--keyring-provider', '--check-url', '--directory', '--project']),
  hatch: new Set(['-r', '--repo', '-u', '--user', '-a', '--auth', '--ca-cert', '--client-cert', '--client-key', '-o', '--option']),
  poetry: new Set(['-r', '--repository', '-u', '--username', '-p', '--password', '--cert', '--client-cert', '--dist-dir', '-C', '--directory', '-P', '--project']),
  flit: new Set(['--repository', '--pypirc', '--format', '-f', '--ini-file']),
  pdm: new Set(['-r', '--repository', '-u', '--username', '-P', '--password', '-i', '--identity', '-c', '--comment', '--ca-certs', '-p', '--project', '-d', '--dest']),
};

/** The upload host of a registry a publish names: `pypi` (the default), `testpypi`, a URL's host, or the name as the user's config gives it (`pypirc:<name>`). */
function registryHost(named: string | undefined, tool: string): string {
  if (named === undefined || named === '' || named === 'pypi' || named === 'main') return 'upload.pypi.org';
  if (named === 'testpypi' || named === 'test') return 'test.pypi.org';
  return hostOf(named) ?? `${tool === 'poetry' ? 'poetry repository' : tool === 'uv' ? 'uv index' : 'pypirc'}:${named}`;
}

/**
 * A Python publish: where it goes (`-r`/`--repository` names, `--repository-url`, `--publish-url`,
 * or the tool's environment variable, else PyPI) and what it sends: the files it names (`dist/*`
 * without any; `dist` for hatch), or what it builds (flit, pdm, `poetry publish --build`). Null for
 * another command.
 */
export function pythonPublish(given: readonly string[], cwd: string, env: Readonly<Record<string, string | undefined>>, read: FolderReader): PythonPublish | null {
  // `python3 -m twine upload ...` is twine's.
  const argv = PYTHON.test(path.basename(given[0] ?? '')) && given[1] === '-m' && given[2] === 'twine' ? ['twine', ...given.slice(3)] : given;
  const program = path.basename(argv[0] ?? '');
  const command = program === 'twine' ? 'upload' : 'publish';
  const at = argv.indexOf(command);
  if (!(program in PUBLISH_VALUE_OPTIONS) || at !== 1) return null;
  const w = readWords(PUBLISH_VALUE_OPTIONS[program]!, argv.slice(2));
  const named = w.value('--repository-url', '--publish-url', '-r', '--repository', '--repo', '--index');
  const fromEnv = { twine: env.TWINE_REPOSITORY_URL ?? env.TWINE_REPOSITORY, uv: env.UV_PUBLISH_URL, hatch: env.HATCH_INDEX_REPO, flit: env.FLIT_INDEX_URL, pdm: env.PDM_PUBLISH_REPO, poetry: undefined }[program];
  const registry = registryHost(named ?? fromEnv, program);
  const folder = path.resolve(cwd, w.value('-C', '--directory', '-P', '-p', '--project') ?? '.');
  const distDir = path.join(path.relative(cwd, folder) || '.', w.value('--dist-dir', '-d', '--dest') ?? 'dist');
  const builds = program === 'flit' || (program === 'pdm' && !w.has('--no-build')) || (program === 'poetry' && w.has('--build'));
  const build = builds ? pythonBuild([program, 'build', ...(program === 'pdm' ? ['-p', folder] : [])], program === 'pdm' ? cwd : folder, read) : null;
  const files = builds ? [] : w.operands.length > 0 ? w.operands : [program === 'hatch' ? distDir : `${distDir}/*`];
  return { registry, files, builds: build, dryRun: w.has('--dry-run') };
}

/** A project's name and version: pyproject.toml's `[project]` (or `[tool.poetry]`), else setup.cfg's `[metadata]` or setup.py's `name=`; the folder's name and `0` without them. */
function projectName(folder: string, read: FolderReader): { name: string; version: string } {
  const pyproject = read('pyproject.toml', folder);
  const setup = `${read('setup.cfg', folder)}\n${read('setup.py', folder)}`;
  const name = tomlString(pyproject, 'project', 'name') ?? tomlString(pyproject, 'tool.poetry', 'name') ?? /^[ \t]*name[ \t]*=[ \t]*([\w.-]+)[ \t]*\r?$/m.exec(setup)?.[1] ?? /\bname\s*=\s*["']([\w.-]+)["']/.exec(setup)?.[1];
  const version = tomlString(pyproject, 'project', 'version') ?? tomlString(pyproject, 'tool.poetry', 'version') ?? /\bversion\s*=\s*["']?([\w.+-]+)/.exec(setup)?.[1];
  return { name: name ?? path.basename(folder), version: version ?? '0' };
}

/** What a build never packs: version control's, the build's and the tools' own folders. */
const NEVER_PACKED = ['.git', '/dist', '/build', '.venv', 'venv', '.tox', '.nox', '__pycache__', '*.pyc', '*.egg-info', 'node_modules', '.pytest_cache', '.mypy_cache', '.ruff_cache'];

/**
 * The text an sdist or a wheel of the project in `folder` holds (see the head of this file): the
 * files read whole, less what .gitignore ignores and NEVER_PACKED.
 */
export function pythonPackageContents(folder: string, kind: 'sdist' | 'wheel', read: FolderReader): string {
  const pyproject = read('pyproject.toml', folder);
  const backend = /^[ \t]*build-backend[ \t]*=[ \t]*["']([^"']+)["']/m.exec(pyproject)?.[1] ?? (pyproject === '' ? 'setuptools' : 'setuptools.build_meta');
  const ignored = orderedIgnoreRules([...NEVER_PACKED, ...read('.gitignore', folder).split('\n')], false);
  const readLess = (word: string) => read(word, folder, (full, isFolder) => ignored(path.relative(folder, full).split(path.sep).join('/'), isFolder));
  const packages = importPackages(folder, pyproject, read);
  if (kind === 'wheel') return packages.map(readLess).join('\n');
  if (backend.startsWith('hatchling')) return readLess('.');
  const words = [...packages, 'pyproject.toml', 'setup.py', 'setup.cfg', 'README*', 'LICENSE*', 'LICENCE*', 'COPYING*', ...sdistIncludes(backend, pyproject, read('MANIFEST.in', folder))];
  return [...new Set(words)].map(readLess).join('\n');
}

/** The import packages a wheel holds: the backend's setting (hatch's, poetry's, setuptools', flit's, uv's), else the first of `src/<name>`, `<name>`, `src/<name>.py` and `<name>.py` that holds anything. */
function importPackages(folder: string, pyproject: string, read: FolderReader): string[] {
  const hatch = tomlStrings(pyproject, 'tool.hatch.build.targets.wheel', 'packages');
  if (hatch.length > 0) return hatch;
  // `packages = [{ include = "crm", from = "src" }]`.
  const poetry = [...(tomlTable(pyproject, 'tool.poetry').match(/\{[^{}]*\binclude[ \t]*=[ \t]*["'][^"']+["'][^{}]*\}/g) ?? [])].map((entry) => {
    const include = /\binclude\s*=\s*["']([^"']+)["']/.exec(entry)![1]!;
    const from = /\bfrom\s*=\s*["']([^"']+)["']/.exec(entry)?.[1];
    return from === undefined ? include : `${from}/${include}`;
  });
  if (poetry.length > 0) return poetry;
  const setuptools = tomlStrings(pyproject, 'tool.setuptools', 'packages').map((p) => p.replace(/\./g, '/'));
  const where = tomlStrings(pyproject, 'tool.setuptools.packages.find', 'where');
  if (setuptools.length > 0 || where.length > 0) return [...setuptools, ...where];
  const { name } = projectName(folder, read);
  const module = tomlString(pyproject, 'tool.flit.module', 'name') ?? tomlString(pyproject, 'tool.uv.build-backend', 'module-name') ?? name.toLowerCase().replace(/[-.]+/g, '_');
  const root = tomlString(pyproject, 'tool.uv.build-backend', 'module-root');
  const candidates = root !== undefined ? [path.join(root, module)] : [`src/${module}`, module, `src/${module}.py`, `${module}.py`];
  return candidates.filter((c) => read(c, folder) !== '').slice(0, 1);
}

/** What an sdist is told to include beyond its package: MANIFEST.in's lines for setuptools, the include lists of poetry, flit, uv and pdm (pdm's `tests` too). */
function sdistIncludes(backend: string, pyproject: string, manifest: string): string[] {
  if (backend.startsWith('poetry')) return [...(tomlTable(pyproject, 'tool.poetry').match(/^[ \t]*include[ \t]*=[ \t]*\[[^\]]*\]/m)?.[0].matchAll(/["']([^"']+)["']/g) ?? [])].map((m) => m[1]!);
  if (backend.startsWith('flit')) return tomlStrings(pyproject, 'tool.flit.sdist', 'include');
  if (backend.startsWith('uv_build')) return tomlStrings(pyproject, 'tool.uv.build-backend', 'source-include');
  if (backend.startsWith('pdm')) return ['tests', ...tomlStrings(pyproject, 'tool.pdm.build', 'includes'), ...tomlStrings(pyproject, 'tool.pdm.build', 'source-includes')];
  // MANIFEST.in: `include a.csv b.txt`, `recursive-include data *.csv` and `graft data` (the folder whole: read more, never less).
  return manifest.split('\n').flatMap((line) => {
    const [command, ...rest] = line.trim().split(/\s+/);
    return command === 'include' ? rest : command === 'recursive-include' || command === 'graft' ? rest.slice(0, 1) : [];
  });
}

/** The text of a TOML table (`[tool.poetry]`) up to the next table's header. */
function tomlTable(toml: string, name: string): string {
  const header = new RegExp(`^[ \\t]*\\[${name.replace(/[.-]/g, '\\$&')}\\][ \\t]*\\r?$`, 'm').exec(toml);
  if (header === null) return '';
  const rest = toml.slice(header.index + header[0].length);
  const next = /^[ \t]*\[/m.exec(rest);
  return next === null ? rest : rest.slice(0, next.index);
}

/** A table's string value (`name = "crm-tools"`), or undefined. */
function tomlString(toml: string, table: string, key: string): string | undefined {
  return new RegExp(`^[ \\t]*${key.replace(/[.-]/g, '\\$&')}[ \\t]*=[ \\t]*["']([^"'\\n]*)["']`, 'm').exec(tomlTable(toml, table))?.[1];
}

/** A table's list of strings (`packages = ["src/crm"]`), or none. */
function tomlStrings(toml: string, table: string, key: string): string[] {
  const list = new RegExp(`^[ \\t]*${key.replace(/[.-]/g, '\\$&')}[ \\t]*=[ \\t]*\\[([^\\]]*)\\]`, 'm').exec(tomlTable(toml, table));
  return list ? [...list[1]!.matchAll(/"([^"]*)"|'([^']*)'/g)].map((m) => m[1] ?? m[2]!) : [];
}
