// What Python's builds write and its publishes send (python-packages.ts): the archives a build
// names, the registry a publish goes to, and, through the hook, what an sdist or a wheel of each
// backend's project holds.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { pythonBuild, pythonPublish } from '../../src/agent/python-packages.ts';
import { hookIn } from './hook-in-folder.ts';

const cwd = fs.mkdtempSync(path.join(os.tmpdir(), 'bb-python-'));
const { bash, expectBlocked, project } = hookIn(cwd);
const customers = 'name,email\nJane,jane.doe@acme-corp.com\n';
const hatchling = '[build-system]\nrequires = ["hatchling"]\nbuild-backend = "hatchling.build"\n';
// hatchling: its sdist holds the project, tests and their fixtures too.
project('crm-sync', { 'pyproject.toml': `[project]\nname = "crm-sync"\nversion = "1.2.0"\n${hatchling}`, 'src/crm_sync/__init__.py': 'VERSION = "1.2.0"\n', 'tests/fixtures/customers.csv': customers, '.gitignore': 'dist/\n' });
// The same with its fixtures ignored by git: nothing personal in either archive.
project('crm-clean', { 'pyproject.toml': `[project]\nname = "crm-clean"\nversion = "0.1.0"\n${hatchling}`, 'src/crm_clean/__init__.py': '', 'tests/fixtures/customers.csv': customers, '.gitignore': 'dist/\ntests/fixtures/\n' });
// setuptools: its sdist holds what MANIFEST.in includes; its wheel, the package alone.
project('crm-setup', {
  'pyproject.toml': '[project]\nname = "crm_setup"\nversion = "2.0"\n[build-system]\nrequires = ["setuptools"]\nbuild-backend = "setuptools.build_meta"\n',
  'crm_setup/__init__.py': '',
  'data/customers.csv': customers,
  'MANIFEST.in': 'include README.md\nrecursive-include data *.csv\n',
});
// poetry-core: a package from src with data of its own.
project('crm-poetry', {
  'pyproject.toml': '[tool.poetry]\nname = "crm-poetry"\nversion = "0.3.0"\npackages = [{ include = "crm_poetry", from = "src" }]\n[build-system]\nrequires = ["poetry-core"]\nbuild-backend = "poetry.core.masonry.api"\n',
  'src/crm_poetry/__init__.py': '',
  'src/crm_poetry/seed/customers.csv': customers,
});

describe('what a Python build writes', () => {
  const reader = (files: Record<string, string>) => (word: string, folder: string) => files[path.resolve(folder, word)] ?? '';
  const pyproject = { '/p/pyproject.toml': '[project]\nname = "Crm.Sync-Tools"\nversion = "1.2.0"\n' };

  it('names the sdist and the wheel from pyproject.toml, where each tool writes them', () => {
    expect(pythonBuild(['python3', '-m', 'build'], '/p', reader(pyproject))).toEqual({ folder: '/p', sdist: '/p/dist/crm_sync_tools-1.2.0.tar.gz', wheel: '/p/dist/crm_sync_tools-1.2.0-py3-none-any.whl' });
    expect(pythonBuild(['pyproject-build', '--wheel', '-o', 'out'], '/p', reader(pyproject))).toMatchObject({ sdist: null, wheel: '/p/out/crm_sync_tools-1.2.0-py3-none-any.whl' });
    expect(pythonBuild(['uv', 'build', 'sub', '--sdist'], '/', reader({ '/sub/setup.cfg': '[metadata]\nname = legacy\nversion = 3.1\n' }))).toEqual({ folder: '/sub', sdist: '/sub/dist/legacy-3.1.tar.gz', wheel: null });
    expect(pythonBuild(['hatch', 'build', 'artifacts', '-t', 'wheel'], '/p', reader(pyproject))).toMatchObject({ sdist: null, wheel: '/p/artifacts/crm_sync_tools-1.2.0-py3-none-any.whl' });
    expect(pythonBuild(['poetry', 'build', '-f', 'sdist'], '/p', reader(pyproject))).toMatchObject({ sdist: '/p/dist/crm_sync_tools-1.2.0.tar.gz', wheel: null });
    expect(pythonBuild(['pdm', 'build', '--no-wheel', '-d', 'pkg'], '/p', reader(pyproject))).toMatchObject({ sdist: '/p/pkg/crm_sync_tools-1.2.0.tar.gz', wheel: null });
    expect(pythonBuild(['python', 'setup.py', 'sdist'], '/q', reader({}))).toEqual({ folder: '/q', sdist: '/q/dist/q-0.tar.gz', wheel: null });
    expect(pythonBuild(['python3', '-m', 'pytest'], '/p', reader(pyproject))).toBeNull();
    expect(pythonBuild(['uv', 'run', 'build'], '/p', reader(pyproject))).toBeNull();
  });
});

describe('where a Python publish goes', () => {
  const read = () => '';
  it('goes to PyPI, or the repository or URL it names, or its environment’s', () => {
    expect(pythonPublish(['twine', 'upload', 'dist/*'], '/p', {}, read)).toEqual({ registry: 'upload.pypi.org', files: ['dist/*'], builds: null, dryRun: false });
    expect(pythonPublish(['python3', '-m', 'twine', 'upload', '-r', 'testpypi', 'dist/a.whl'], '/p', {}, read)).toMatchObject({ registry: 'test.pypi.org', files: ['dist/a.whl'] });
    expect(pythonPublish(['twine', 'upload', '--repository-url', 'https://pypi.acme-analytics.io/legacy/', 'dist/*'], '/p', {}, read)?.registry).toBe('pypi.acme-analytics.io');
    expect(pythonPublish(['twine', 'upload', '-r', 'internal', 'dist/*'], '/p', {}, read)?.registry).toBe('pypirc:internal');
    expect(pythonPublish(['uv', 'publish'], '/p', { UV_PUBLISH_URL: 'https://upload.acme-analytics.io/' }, read)).toMatchObject({ registry: 'upload.acme-analytics.io', files: ['dist/*'] });
    expect(pythonPublish(['hatch', 'publish', '-r', 'test'], '/p', {}, read)).toMatchObject({ registry: 'test.pypi.org', files: ['dist'] });
    expect(pythonPublish(['poetry', 'publish', '-r', 'acme'], '/p', {}, read)).toMatchObject({ registry: 'poetry repository:acme', files: ['dist/*'], builds: null });
    expect(pythonPublish(['flit', 'publish'], '/p', {}, read)?.builds).toMatchObject({ folder: '/p' });
    expect(pythonPublish(['pdm', 'publish', '--no-build'], '/p', {}, read)).toMatchObject({ files: ['dist/*'], builds: null });
    expect(pythonPublish(['uv', 'publish', '--dry-run'], '/p', {}, read)?.dryRun).toBe(true);
    expect(pythonPublish(['twine', 'check', 'dist/*'], '/p', {}, read)).toBeNull();
    expect(pythonPublish(['npm', 'publish'], '/p', {}, read)).toBeNull();
  });
});

describe('what a Python publish sends, through the hook', () => {
  it.each([
    ['an sdist built on the line, uploaded with twine', 'cd crm-sync && python3 -m build && twine upload dist/*', 'upload.pypi.org'],
    ['uv’s build and publish', 'cd crm-sync && uv build && uv publish', 'upload.pypi.org'],
    ['hatch’s build and publish to TestPyPI', 'cd crm-sync && hatch build && hatch publish -r test', 'test.pypi.org'],
    ['flit’s publish, which builds', 'cd crm-sync && flit publish', 'upload.pypi.org'],
    ['a setuptools sdist with what MANIFEST.in includes', 'cd crm-setup && python -m build --sdist && python -m twine upload --repository-url https://pypi.acme-analytics.io/ dist/*', 'pypi.acme-analytics.io'],
    ['a wheel with data in its package', 'cd crm-poetry && poetry publish --build', 'upload.pypi.org'],
    ['a built sdist named on the line', 'cd crm-sync && uv build --sdist && uv publish dist/crm_sync-1.2.0.tar.gz', 'upload.pypi.org'],
  ])('blocks personal data sent through %s', (_road, command, host) => {
    expectBlocked(command, host);
  });

  it.each([
    ['cd crm-clean && python3 -m build && twine upload dist/*'],
    ['cd crm-sync && python3 -m build --wheel && twine upload dist/*'],
    ['cd crm-setup && python -m build --wheel && twine upload dist/*.whl'],
    ['cd crm-sync && uv build'],
    ['cd crm-sync && uv publish --dry-run'],
    ['cd crm-sync && twine check dist/*'],
  ])('allows %s', (command) => {
    expect(bash(command)).toMatchObject({ exitCode: 0, stderr: '' });
  });
});
