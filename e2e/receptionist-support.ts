// Helpers for the receptionist's browser tests: open the modal and wait for the session, send a
// message and wait for the reply, and read the GDPR data the server holds for this visitor.
import { type APIRequestContext, type Locator, type Page, expect } from '@playwright/test';
import { openPage } from './support/page.ts';

export const MODAL_TITLE = 'AI Receptionist Proof of Concept + Live Compliance';

export function dialog(page: Page): Locator {
  return page.getByRole('dialog', { name: MODAL_TITLE });
}

export function chatLog(page: Page): Locator {
  return dialog(page).getByRole('log', { name: 'Conversation' });
}

export function input(page: Page): Locator {
  return dialog(page).getByRole('textbox', { name: 'Your message' });
}

/** Opens a page and the receptionist by its floating toggle; waits until the chat is ready. */
export async function openReceptionist(page: Page, path = '/pricing'): Promise<void> {
  await openPage(page, path);
  await page.getByRole('button', { name: 'Open the AI receptionist' }).click();
  await expect(dialog(page)).toBeVisible();
  await expect(input(page)).toBeVisible({ timeout: 15_000 });
}

/** Sends a message with Enter and waits for the receptionist's reply to it. */
export async function send(page: Page, text: string): Promise<Locator> {
  const replies = chatLog(page).getByRole('article', { name: /^Receptionist/ });
  const before = await replies.count();
  await input(page).fill(text);
  await input(page).press('Enter');
  await expect(replies).toHaveCount(before + 1, { timeout: 15_000 });
  return replies.nth(before);
}

/** The visitor's own message that was sent last. */
export function lastOwnMessage(page: Page): Locator {
  return chatLog(page).getByRole('article', { name: /^You/ }).last();
}

/** What the server stores for this browser's visitor (the request shares the page's cookie). */
export async function accessData(request: APIRequestContext, customerId: string): Promise<Record<string, unknown>> {
  const response = await request.post('/api/poc-ai-chat/gdpr-rights', { data: { action: 'access', customerId } });
  expect(response.status()).toBe(200);
  const body = (await response.json()) as { data?: Record<string, unknown> };
  return body.data ?? {};
}

export async function customerIdOf(request: APIRequestContext): Promise<string> {
  const response = await request.get('/api/poc-ai-chat/session');
  expect(response.status()).toBe(200);
  return ((await response.json()) as { customerId: string }).customerId;
}
