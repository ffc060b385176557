// Writes src/features/home/data/gdpr-policy.json: the GDPR Article 17 template compiled by the real
// compiler, which the homepage's synthetic decision feed decides against in the browser.
// Run: node --import tsx apps/web/scripts/build-demo-policy.ts (compilation is deterministic).
import fs from 'node:fs';
import path from 'node:path';
import { compile } from '@bytebound/compiler/compile';
import { TEMPLATES } from '@bytebound/compiler/templates';

const result = compile(TEMPLATES.gdpr.content, { format: 'bytebound', jurisdiction: 'EU' });
if (!result.ok) throw new Error(`the GDPR template did not compile: ${result.error}`);
const file = path.resolve(import.meta.dirname, '../src/features/home/data/gdpr-policy.json');
fs.writeFileSync(file, `${JSON.stringify(result.policy)}\n`);
console.log(`wrote ${file}: ${result.policy.rules.length} rules, ${fs.statSync(file).size} bytes`);
