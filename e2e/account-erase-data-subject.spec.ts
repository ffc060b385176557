// A data subject's erasure from the account page, as a customer's privacy team does it when a
// person asks: the decisions that named the subject keep their proofs, which can no longer be
// linked to that person.
import { registerAccount, signInOnPage } from './support/accounts.ts';
import { expectNoAxeViolations } from './support/axe.ts';
import { expect, test } from './support/fixtures.ts';
import { uniqueEmail } from './support/smtp.ts';

const PASSWORD = 'Juniper-Beacon-Saffron-61';

test('the privacy team erases a data subject that a decision named, and erasing it again finds nothing', async ({ page }) => {
  const email = uniqueEmail('subjects');
  await registerAccount(page, { email, password: PASSWORD, firstName: 'Ruth', lastName: 'Teitelbaum', companyName: 'ENIAC' });
  await signInOnPage(page, email, PASSWORD);

  // An agent's decision names its subject through the decision API, with a key of this account.
  const token = await page.evaluate(() => localStorage.getItem('authToken'));
  const created = await page.request.post('/api/account/keys', { headers: { authorization: `Bearer ${token}` }, data: { name: 'agents' } });
  const key = (await created.json()).key.key as string;
  const decided = await page.request.post('/api/v1/decide', {
    headers: { authorization: `Bearer ${key}` },
    data: { arbiters: ['gdpr'], request: { action: 'read', timing: 'pre-action', target: 'personal' }, subject: 'user-8812' },
  });
  expect((await decided.json()).commitments[0].key).toMatch(/^sk_/);

  const panel = page.getByRole('region', { name: 'Data subjects' });
  const erase = panel.getByRole('button', { name: 'Erase subject' });
  await expect(erase).toBeDisabled();
  await panel.getByLabel('Subject reference').fill('user-8812');
  await erase.click();
  await expect(panel.getByRole('status')).toHaveText(/^The subject's commitment key is deleted: the commitments in its decisions' proofs can no longer be linked to it/);
  await expect(panel.getByLabel('Subject reference')).toHaveValue('');
  await expectNoAxeViolations(page);

  await panel.getByLabel('Subject reference').fill('user-8812');
  await panel.getByLabel('Subject reference').press('Enter');
  await expect(panel.getByRole('status')).toHaveText('No key was kept for this subject: no decision of yours named it since it was last erased.');
});
