// The product version, from the repository's package.json.
import fs from 'node:fs';

const manifest = JSON.parse(fs.readFileSync(new URL('../../../package.json', import.meta.url), 'utf8')) as { version: string };

export const version = manifest.version;
