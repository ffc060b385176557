// Paths of the system tools that scripts/ensure-tools.mjs found or installed.
import fs from 'node:fs';
import path from 'node:path';

type Tools = { chromium?: string; 'chromium-headless-shell'?: string; postgres?: string; opa?: string; rustc?: string };

const file = path.resolve(import.meta.dirname, '../.tools/tools.json');

export function tool(name: keyof Tools): string {
  const tools: Tools = fs.existsSync(file) ? (JSON.parse(fs.readFileSync(file, 'utf8')) as Tools) : {};
  const where = tools[name];
  if (!where) throw new Error(`${name} is not set up: run node scripts/ensure-tools.mjs ${name}`);
  return where;
}
