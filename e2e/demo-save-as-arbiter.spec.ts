// 'Save as arbiter' is offered to signed-in customers only, and keeps the compiled text as a named
// arbiter through POST /api/v1/home/blueprints/save with the stored bearer credential (here an API
// key with the arbiters scope, made with `bytebound keys create` on the server's database).
import { execFileSync } from 'node:child_process';
import crypto from 'node:crypto';
import path from 'node:path';
import { compileAndWait, loadTemplate, openDemo } from './demo-support.ts';
import { expect, test } from './support/fixtures.ts';

const root = path.resolve(import.meta.dirname, '..');

/** A key of a customer of its own, who has no arbiter yet: saving one creates it (201), however often the test runs. */
function createArbitersKey(): string {
  const customer = `e2e-demo-${crypto.randomBytes(6).toString('hex')}`;
  const out = execFileSync(process.execPath, [path.join(root, 'packages/cli/bin/bytebound.mjs'), 'keys', 'create', '--customer', customer, '--name', 'demo save', '--scope', 'arbiters'], {
    cwd: root,
    env: { ...process.env, DATA_DIR: process.env.BYTEBOUND_E2E_DATA_DIR },
    encoding: 'utf8',
  });
  const key = /bb_live_[0-9a-f]+_[0-9a-f]+/.exec(out)?.[0];
  if (!key) throw new Error(`no key in: ${out}`);
  return key;
}

test('a visitor who is not signed in is not offered Save as arbiter', async ({ page }) => {
  const demo = await openDemo(page);
  await loadTemplate(demo, 'GDPR');
  await compileAndWait(demo);
  await expect(demo.getByRole('button', { name: 'Save as arbiter' })).toHaveCount(0);
});

test('a signed-in customer saves the compiled text as a named arbiter', async ({ page }) => {
  const key = createArbitersKey();
  await page.addInitScript((token) => localStorage.setItem('authToken', token), key);
  const demo = await openDemo(page);
  await loadTemplate(demo, 'CCPA');
  await compileAndWait(demo);
  await demo.getByLabel('Arbiter name').fill('ccpa-deletion');
  const saved = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/v1/home/blueprints/save');
  await demo.getByRole('button', { name: 'Save as arbiter' }).click();
  expect((await saved).status()).toBe(201);
  await expect(demo.getByText("Saved as arbiter 'ccpa-deletion'.")).toBeVisible();
});
