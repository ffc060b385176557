// Talking to the receptionist: send and receive with each message's compliance status, the input's
// limits, the pending phrases, the consent flow, health data about the visitor shown blocked under
// Art. 9, and the modal's texts when the service cannot be reached or fails.
import { expectNoAxeViolations } from './support/axe.ts';
import { expect, test } from './support/fixtures.ts';
import { holdRequests } from './support/held-requests.ts';
import { accessData, chatLog, customerIdOf, dialog, input, lastOwnMessage, openReceptionist, send } from './receptionist-support.ts';

test('a question gets an answer; the visitor message is decided, trimmed, and blank input is ignored', async ({ page }) => {
  await openReceptionist(page);
  const reply = await send(page, '   What does Bytebound actually do?   ');
  await expect(reply).toHaveAttribute('aria-label', 'Receptionist, allowed');
  await expect(reply.locator('time')).toHaveCount(1);
  await expect(reply.getByRole('paragraph').first()).toHaveText(/\w{3,}/);
  await expect(reply).not.toContainText(/apologize|Unable to connect|error occurred/);
  const own = lastOwnMessage(page);
  await expect(own.getByText('What does Bytebound actually do?', { exact: true })).toBeVisible();
  await expect(own).toHaveAttribute('aria-label', 'You, allowed');

  const count = await chatLog(page).getByRole('article').count();
  await input(page).fill('    ');
  await input(page).press('Enter');
  await expect(dialog(page).getByRole('button', { name: 'Send' })).toBeDisabled();
  await page.waitForTimeout(300);
  await expect(chatLog(page).getByRole('article')).toHaveCount(count);
  await expectNoAxeViolations(page);
});

test('the input takes at most 1,000 characters and sends them cut', async ({ page }) => {
  await openReceptionist(page);
  await input(page).fill('a'.repeat(1_200));
  await expect(input(page)).toHaveValue('a'.repeat(1_000));
  await expect(dialog(page).getByText('1000 / 1000 characters')).toBeVisible();
  const request = page.waitForRequest((r) => r.url().endsWith('/api/poc-ai-chat') && r.method() === 'POST');
  await input(page).press('Enter');
  expect(((await request).postDataJSON() as { message: string }).message).toHaveLength(1_000);
  await expect(chatLog(page).getByRole('article', { name: /^Receptionist/ })).toHaveCount(2, { timeout: 15_000 });
});

test('while the reply is on its way, the placeholder changes its progress phrase every 2 seconds', async ({ page }) => {
  await openReceptionist(page);
  // The reply is held until both phrases have been seen.
  const release = await holdRequests(page, '**/api/poc-ai-chat');
  await input(page).fill('How much is the Growth plan?');
  await input(page).press('Enter');
  const log = chatLog(page);
  await expect(log.getByText('Checking your message for personal data...')).toBeVisible();
  await expect(lastOwnMessage(page)).toHaveAttribute('aria-label', 'You, pending');
  await expect(log.getByText('Asking the engine for a GDPR decision...')).toBeVisible({ timeout: 3_000 });
  await expect(log.getByText('Checking your message for personal data...')).toHaveCount(0);
  await expectNoAxeViolations(page);
  release();
  await expect(log.getByRole('article', { name: /^Receptionist/ })).toHaveCount(2, { timeout: 10_000 });
  await expect(log.getByText('Asking the engine for a GDPR decision...')).toHaveCount(0);
});

test('health data about the visitor is shown blocked under Art. 9 and is not stored', async ({ page }) => {
  await openReceptionist(page);
  const reply = await send(page, 'I have diabetes, can your product help me?');
  const own = lastOwnMessage(page);
  await expect(own).toHaveAttribute('aria-label', 'You, blocked');
  await expect(own.getByText(/blocked · GDPR Art\. 9/)).toBeVisible();
  await expect(own.getByText('health: not stored')).toBeVisible();
  await expect(reply.getByText(/not store|never store|don't store|do not store/i).first()).toBeVisible();
  const stored = JSON.stringify(await accessData(page.request, await customerIdOf(page.request)));
  expect(stored).not.toContain('diabetes');
  await expectNoAxeViolations(page);
});

test('a follow-up needs consent: asked with buttons, the answer is recorded, and access shows it', async ({ page }) => {
  await openReceptionist(page);
  const reply = await send(page, 'You can email me at mark.jones@contoso.com with more info');
  await expect(lastOwnMessage(page)).toHaveAttribute('aria-label', 'You, blocked');
  await expect(lastOwnMessage(page).getByText(/GDPR Art\. 7/)).toBeVisible();
  const consent = reply.getByRole('group', { name: 'Your consent' });
  await expect(consent).toBeVisible();
  await expectNoAxeViolations(page);
  await consent.getByRole('button', { name: 'Yes, I agree' }).click();
  await expect(chatLog(page).getByText(/Your consent to .* is recorded/)).toBeVisible();
  await expect(consent.getByRole('button', { name: 'Yes, I agree' })).toBeDisabled();
  const stored = await accessData(page.request, await customerIdOf(page.request));
  expect(JSON.stringify(stored)).toMatch(/follow_up/);
});

test.describe('when the model behind the receptionist falters (LLM_BASE_URL set on the server)', () => {
  // The e2e server runs without a model; these take its real answer and set the flags of the
  // spec's contract (a fallback, an empty answer) to show what the modal makes of them. This
  // server itself never marks a reply as a fallback: when its model fails it answers with the
  // embedded reply (tested on the server against a local OpenAI-compatible server).
  test('a fallback answer is shown as the modal says, pending', async ({ page }) => {
    await openReceptionist(page);
    await page.route('**/api/poc-ai-chat', async (route) => {
      const response = await route.fetch();
      await route.fulfill({ response, json: { ...((await response.json()) as object), fallback: true } });
    });
    const reply = await send(page, 'What does Bytebound do?');
    await expect(reply.getByText("I apologize, but I'm currently unable to process your request. Our team has been notified.")).toBeVisible();
    await expect(reply).toHaveAttribute('aria-label', 'Receptionist, pending');
    await expect(lastOwnMessage(page)).toHaveAttribute('aria-label', 'You, allowed');
  });

  test('an empty answer says the AI service is initializing, pending', async ({ page }) => {
    await openReceptionist(page);
    await page.route('**/api/poc-ai-chat', async (route) => {
      const response = await route.fetch();
      await route.fulfill({ response, json: { ...((await response.json()) as object), response: '', fallback: false } });
    });
    const reply = await send(page, 'What does Bytebound do?');
    await expect(reply.getByText('The AI service is initializing. Please try again in a moment.')).toBeVisible();
    await expect(reply).toHaveAttribute('aria-label', 'Receptionist, pending');
  });
});

test('a compliance check that ran in-process, not through the MCP endpoint, does not make the MCP badge active', async ({ page }) => {
  await openReceptionist(page);
  const modal = dialog(page);
  await page.route('**/api/poc-ai-chat', async (route) => {
    const response = await route.fetch();
    const body = (await response.json()) as { complianceValidation: object };
    await route.fulfill({ response, json: { ...body, complianceValidation: { ...body.complianceValidation, protocol: 'HTTP' } } });
  });
  await expect(modal.getByText('MCP: initializing')).toBeVisible();
  await send(page, 'What does Bytebound do?');
  await expect(modal.getByText('MCP: not used (checked in-process)')).toBeVisible();
  await expect(modal.getByText(/MCP: active/)).toHaveCount(0);
});

test.describe('when the service cannot answer', () => {
  test.use({ allowedErrors: [/Failed to load resource|net::ERR_/] });

  test('no connection: the modal says it cannot reach the service, as pending', async ({ page }) => {
    await openReceptionist(page);
    await page.route('**/api/poc-ai-chat', (route) => route.abort('internetdisconnected'));
    const reply = await send(page, 'Hello?');
    await expect(reply.getByText('Unable to connect to the AI service. Please check your connection.')).toBeVisible();
    await expect(reply).toHaveAttribute('aria-label', 'Receptionist, pending');
  });

  test('a failed answer: the modal shows its error text, as blocked', async ({ page }) => {
    await openReceptionist(page);
    await page.route('**/api/poc-ai-chat', (route) => route.fulfill({ status: 503, contentType: 'application/json', body: JSON.stringify({ error: 'Service Unavailable' }) }));
    const reply = await send(page, 'Hello?');
    await expect(reply.getByText('An error occurred while processing your message. Please try again.')).toBeVisible();
    await expect(reply).toHaveAttribute('aria-label', 'Receptionist, blocked');
  });
});
