// A receptionist session expires after inactivity (the e2e server runs with a short
// RECEPTIONIST_SESSION_TIMEOUT_MS): the modal shows Session Expired, the server refuses the old
// session, and Start New Session reloads the page into a fresh one.
import { expectNoAxeViolations } from './support/axe.ts';
import { expect, test } from './support/fixtures.ts';
import { dialog, input, openReceptionist, send } from './receptionist-support.ts';

test('after the inactivity timeout the session expires, and Start New Session begins a new one', async ({ page }) => {
  test.setTimeout(120_000);
  await openReceptionist(page);
  await send(page, 'What does Bytebound do?');
  const session = (await (await page.request.get('/api/poc-ai-chat/session')).json()) as { inactivityTimeoutMs: number; customerId: string; sessionId: string; apiKey: string };
  expect(session.inactivityTimeoutMs).toBeLessThan(60_000);

  const modal = dialog(page);
  await expect(modal.getByRole('heading', { name: 'Session Expired' })).toBeVisible({ timeout: session.inactivityTimeoutMs + 10_000 });
  await expect(modal.getByText('Session Expired: Your session has expired due to inactivity.')).toBeVisible();
  await expect(modal.getByRole('button', { name: 'Start New Session' })).toBeFocused();
  await expectNoAxeViolations(page);

  // The server agrees: the old cookie's session is gone.
  const refused = await page.request.post('/api/poc-ai-chat', { data: { message: 'still there?', sessionId: session.sessionId, customerId: session.customerId, apiKey: session.apiKey } });
  expect(refused.status()).toBe(401);
  expect(await refused.json()).toMatchObject({ error: 'Session Expired: Your session has expired due to inactivity.', code: 'session_expired' });

  await modal.getByRole('button', { name: 'Start New Session' }).click();
  await expect(page.locator('html[data-hydrated="true"]')).toBeAttached();
  await expect(dialog(page)).toBeHidden();
  await page.getByRole('button', { name: 'Open the AI receptionist' }).click();
  await expect(input(page)).toBeVisible({ timeout: 15_000 });
  const reply = await send(page, 'Do you offer a free trial?');
  await expect(reply).toHaveAttribute('aria-label', 'Receptionist, allowed');
});
