// An enterprise contract as its customer meets it: an operator sets the tier from the command line
// (`bytebound contracts set`) after the sales contract, and the account page shows the contract's
// terms instead of the trial: unlimited calls, its custom arbiters, proofs kept without limit.
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { registerAccount, signInOnPage } from './support/accounts.ts';
import { expectNoAxeViolations } from './support/axe.ts';
import { expect, test } from './support/fixtures.ts';
import { uniqueEmail } from './support/smtp.ts';

const PASSWORD = 'Harbor-Violet-Compass-73';
const repositoryRoot = path.resolve(import.meta.dirname, '..');

function contracts(...args: string[]): string {
  // Against the e2e server's data directory, as an operator runs it against the server's.
  return execFileSync(process.execPath, [path.join(repositoryRoot, 'packages/cli/bin/bytebound.mjs'), 'contracts', ...args], {
    cwd: repositoryRoot,
    env: { ...process.env, DATA_DIR: process.env.BYTEBOUND_E2E_DATA_DIR },
    encoding: 'utf8',
  });
}

test('an account under a Premium Enterprise contract sees its terms, and its own plan again once the contract ends', async ({ page }) => {
  const email = uniqueEmail('contract');
  await registerAccount(page, { email, password: PASSWORD, firstName: 'Grace', lastName: 'Hopper', companyName: 'Harvard Mark I' });
  await signInOnPage(page, email, PASSWORD);
  await expect(page.getByTestId('plan-name')).toHaveText('Trial');
  await expect(page.getByTestId('plan-retention')).toHaveText('Proofs kept for 90 days');

  expect(contracts('set', email, 'premium-enterprise')).toContain('is now under the Premium Enterprise contract');
  await page.reload();
  await expect(page.getByTestId('plan-name')).toHaveText('Premium Enterprise');
  await expect(page.getByTestId('plan-status')).toHaveText('Active, under contract');
  await expect(page.getByTestId('plan-retention')).toHaveText('Proofs kept without limit');
  await expect(page.getByTestId('usage')).toHaveText('0 / unlimited API calls');
  await expect(page.getByTestId('arbiter-count')).toContainText('0 of 1 custom arbiter used, up to 100 rules.');
  await expect(page.getByRole('link', { name: 'Talk to us about your contract' })).toHaveAttribute('href', '/booking');
  await expect(page.getByRole('link', { name: 'Change plan' })).toHaveCount(0);
  await expectNoAxeViolations(page);

  expect(contracts('clear', email)).toContain('its own plan applies again');
  await page.reload();
  await expect(page.getByTestId('plan-name')).toHaveText('Trial');
  await expect(page.getByTestId('plan-status')).toHaveText('Trial: 14 days left');
  await expect(page.getByRole('link', { name: 'Choose a plan' }).first()).toHaveAttribute('href', '/auth/payment');
});
