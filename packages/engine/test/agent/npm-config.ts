// The agent tests' npm config is only theirs: the hook reads where npm publishes from the user's
// .npmrc and the environment (published-packages.ts), and a developer's own registry must not
// change what the tests expect.
import path from 'node:path';

/** Points npm's user config at a file that does not exist in `folder`, and takes any registry out of the environment. */
export function npmConfigOfTheirOwn(folder: string): void {
  for (const name of Object.keys(process.env)) {
    const key = name.toLowerCase();
    if (key === 'npm_config_registry' || key === 'npm_config_userconfig') delete process.env[name];
  }
  process.env.npm_config_userconfig = path.join(folder, 'no-such.npmrc');
}
