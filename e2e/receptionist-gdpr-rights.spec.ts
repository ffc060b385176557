// The visitor's GDPR rights on what the receptionist really stored: access shows it, rectification
// changes it, portability downloads it, erasure deletes it (checked with a fresh access call), and
// delete, export and withdraw each show their own progress label.
import fs from 'node:fs';
import type { Page } from '@playwright/test';
import { expectNoAxeViolations } from './support/axe.ts';
import { expect, test } from './support/fixtures.ts';
import { holdRequests } from './support/held-requests.ts';
import { accessData, customerIdOf, dialog, lastOwnMessage, openReceptionist, send } from './receptionist-support.ts';

const EMAIL = 'tom.becker@globex.io';

async function shareContactDetails(page: Page) {
  await send(page, `Book a meeting with sales for me, I'm Tom Becker from Globex, ${EMAIL}`);
  await expect(lastOwnMessage(page)).toHaveAttribute('aria-label', 'You, allowed');
}

test('access shows what is stored, rectification changes it, portability downloads it', async ({ page }) => {
  await openReceptionist(page);
  await shareContactDetails(page);
  const rights = dialog(page);

  await rights.getByRole('button', { name: 'Access my data' }).click();
  const stored = rights.getByLabel('Stored data');
  await expect(stored).toContainText(EMAIL);
  await expectNoAxeViolations(page);

  await rights.getByRole('button', { name: 'Correct my details' }).click();
  const form = rights.getByRole('form', { name: 'Correct your details' });
  await expect(form).toBeVisible();
  await expectNoAxeViolations(page);
  await form.getByLabel('Company').fill('Initech');
  await form.getByLabel('Email').fill('tom@initech.example');
  await form.getByRole('button', { name: 'Save my details' }).click();
  await expect(form).toBeHidden();
  const customerId = await customerIdOf(page.request);
  await expect.poll(async () => JSON.stringify(await accessData(page.request, customerId))).toContain('Initech');
  expect(JSON.stringify(await accessData(page.request, customerId))).toContain('tom@initech.example');

  const download = page.waitForEvent('download');
  await rights.getByRole('button', { name: 'Download my data' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe('bytebound-receptionist-data.json');
  const exported = JSON.parse(fs.readFileSync(await file.path(), 'utf8')) as unknown;
  expect(JSON.stringify(exported)).toContain('Initech');
});

test('erasure asks first, then deletes everything for the session', async ({ page }) => {
  await openReceptionist(page);
  await shareContactDetails(page);
  const customerId = await customerIdOf(page.request);
  expect(JSON.stringify(await accessData(page.request, customerId))).toContain(EMAIL);

  const rights = dialog(page);
  await rights.getByRole('button', { name: 'Erase my data' }).click();
  const confirm = rights.getByRole('alertdialog');
  await expect(confirm).toContainText('This cannot be undone.');
  await expectNoAxeViolations(page);
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  expect(JSON.stringify(await accessData(page.request, customerId))).toContain(EMAIL);

  await rights.getByRole('button', { name: 'Erase my data' }).click();
  await rights.getByRole('alertdialog').getByRole('button', { name: 'Erase everything' }).click();
  await expect(rights.getByRole('alertdialog')).toBeHidden();
  await expect.poll(async () => JSON.stringify(await accessData(page.request, customerId))).not.toContain(EMAIL);
  const after = JSON.stringify(await accessData(page.request, customerId));
  expect(after).not.toContain('Tom Becker');
  expect(after).not.toContain('Globex');
});

test('delete, export and withdraw each show their own progress label', async ({ page }) => {
  await openReceptionist(page);
  await shareContactDetails(page);
  // Each request is held until its progress label has been read; the real answer follows.
  const release = await holdRequests(page, '**/api/poc-ai-chat/gdpr-rights');
  const rights = dialog(page);

  await rights.getByRole('button', { name: 'Withdraw consent' }).click();
  await expect(rights.getByText('Withdrawing your consent (GDPR Art. 7(3))...')).toBeVisible();
  release();
  await expect(rights.getByText('Withdrawing your consent (GDPR Art. 7(3))...')).toHaveCount(0, { timeout: 10_000 });

  const download = page.waitForEvent('download');
  await rights.getByRole('button', { name: 'Export', exact: true }).click();
  await expect(rights.getByText('Exporting your data (GDPR Art. 20)...')).toBeVisible();
  release();
  expect((await download).suggestedFilename()).toBe('bytebound-receptionist-data.json');

  await rights.getByRole('button', { name: 'Delete', exact: true }).click();
  await rights.getByRole('alertdialog').getByRole('button', { name: 'Erase everything' }).click();
  await expect(rights.getByText('Deleting your data (GDPR Art. 17)...')).toBeVisible();
  release();
  await expect(rights.getByText('Deleting your data (GDPR Art. 17)...')).toHaveCount(0, { timeout: 10_000 });
  await expect(rights.getByRole('status').filter({ hasText: /^Erased: / })).toBeVisible();
  await expect.poll(async () => JSON.stringify(await accessData(page.request, await customerIdOf(page.request)))).not.toContain(EMAIL);
});
