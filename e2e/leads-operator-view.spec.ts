// The team's leads page: an operator (granted from the command line) sees every kind of lead and
// exports it as CSV; a customer account or a signed-out visitor is told the page is for operators.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { registerAccount, signInOnPage } from './support/accounts.ts';
import { expectNoAxeViolations } from './support/axe.ts';
import { expect, test } from './support/fixtures.ts';
import { openPage } from './support/page.ts';
import { uniqueEmail } from './support/smtp.ts';

const PASSWORD = 'Quartz-Meadow-Lantern-58';
const OPERATOR_ONLY = 'You need an operator account to see this page.';
const repositoryRoot = path.resolve(import.meta.dirname, '..');

test.use({ allowedErrors: [/status of (401|403)/] });

async function registerAndSignIn(page: Page, email: string, grantOperator: boolean) {
  await registerAccount(page, { email, password: PASSWORD, firstName: 'Margaret', lastName: 'Hamilton', companyName: 'Apollo' });
  if (grantOperator) {
    // The operator role is set from the command line against the e2e server's data directory.
    execFileSync(process.execPath, [path.join(repositoryRoot, 'packages/cli/bin/bytebound.mjs'), 'operators', 'grant', email], {
      cwd: repositoryRoot,
      env: { ...process.env, DATA_DIR: process.env.BYTEBOUND_E2E_DATA_DIR },
      stdio: 'pipe',
    });
  }
  await signInOnPage(page, email, PASSWORD);
}

test('an operator sees the leads and downloads them as CSV', async ({ page, request }) => {
  test.slow(); // a long journey with several axe checks, on a machine shared by parallel runs
  const lead = uniqueEmail('lead');
  const contact = await request.post('/api/home/contact', { data: { name: '=Eve Formula', email: lead, company: 'Leads Ltd', interest: 'SOX' } });
  expect(contact.status()).toBe(201);

  await registerAndSignIn(page, uniqueEmail('operator'), true);
  await openPage(page, '/operator/leads');
  for (const title of ['Demo bookings', 'Pilot requests', 'Contact messages', 'Newsletter subscribers', 'Demo A/B variants']) {
    await expect(page.getByRole('heading', { name: new RegExp(`^${title}`) })).toBeVisible();
  }
  const contacts = page.getByRole('region', { name: 'Contact messages table' });
  await expect(contacts.getByRole('cell', { name: lead })).toBeVisible();
  await expectNoAxeViolations(page);

  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download contact messages (CSV)' }).click();
  const csv = fs.readFileSync(await (await download).path(), 'utf8');
  expect(csv).toContain(lead);
  // A cell that would start a spreadsheet formula is defused.
  expect(csv).toContain("'=Eve Formula");
});

test('a customer account and a signed-out visitor are told the page is for operators', async ({ page }) => {
  await openPage(page, '/operator/leads');
  await expect(page.getByRole('alert')).toHaveText(OPERATOR_ONLY);
  await expectNoAxeViolations(page);

  await registerAndSignIn(page, uniqueEmail('customer'), false);
  await openPage(page, '/operator/leads');
  await expect(page.getByRole('alert')).toHaveText(OPERATOR_ONLY);
  await expect(page.getByRole('heading', { name: /^Contact messages/ })).toHaveCount(0);
});
