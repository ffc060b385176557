// The live compliance stream: connected over a WebSocket, metrics that move with each message,
// Pause holding the display while events are kept, the MCP badge, a signed checkpoint that the
// browser verifies (and a tampered proof that it rejects), and reconnecting after a dropped socket.
import type { Page, WebSocketRoute } from '@playwright/test';
import { expectNoAxeViolations } from './support/axe.ts';
import { expect, test } from './support/fixtures.ts';
import { dialog, openReceptionist, send } from './receptionist-support.ts';

function metric(page: Page, label: string) {
  return dialog(page).locator(`dt:text-is("${label}") + dd`);
}

async function total(page: Page): Promise<number> {
  return Number((await metric(page, 'Total decisions').innerText()).replace(/\D/g, ''));
}

test('metrics move with each message, and Pause holds the display until Start', async ({ page }) => {
  await openReceptionist(page);
  const modal = dialog(page);
  await expect(modal.getByText('Connection: connected')).toBeVisible();
  await expect(modal.getByText('MCP: initializing')).toBeVisible();
  await expect(modal.getByRole('status').filter({ hasText: /^LIVE$/ })).toBeVisible();

  const before = await total(page);
  await send(page, 'How much is the Growth plan?');
  await expect.poll(() => total(page)).toBeGreaterThan(before);
  await expect(modal.getByText('MCP: active (protocol MCP)')).toBeVisible();
  await expect(modal.getByRole('list', { name: 'Your decisions' }).getByRole('listitem').first()).toBeVisible();
  await expect(modal.getByText(/Compliance rate \(allowed ÷ total\)/)).toBeVisible();
  await expect(metric(page, 'Uptime')).toHaveText(/^\d{2,}:\d{2}:\d{2}$/);
  await expectNoAxeViolations(page);

  await modal.getByRole('button', { name: 'Pause' }).click();
  await expect(modal.getByRole('status').filter({ hasText: /^PAUSED$/ })).toBeVisible();
  const held = await total(page);
  const uptime = await metric(page, 'Uptime').innerText();
  await send(page, 'Do you offer a free trial?');
  await page.waitForTimeout(1_500);
  expect(await total(page)).toBe(held);
  await expect(metric(page, 'Uptime')).toHaveText(uptime);
  await expectNoAxeViolations(page);

  await modal.getByRole('button', { name: 'Start' }).click();
  await expect(modal.getByRole('status').filter({ hasText: /^LIVE$/ })).toBeVisible();
  await expect.poll(() => total(page)).toBeGreaterThan(held);
});

/**
 * Sends questions until a checkpoint is signed after the visitor's first answered message, so that
 * it covers that message's decisions; returns that checkpoint's entry (found by its tree size, as
 * newer checkpoints push it down the list).
 */
async function untilCheckpointWithOwnDecisions(page: Page) {
  const proofs = dialog(page).getByRole('list', { name: 'Proof bundles' });
  const verifyButtons = proofs.getByRole('button', { name: /^Verify the checkpoint of \d+ entries$/ });
  await send(page, 'What does Bytebound do?');
  const before = new Set(await verifyButtons.evaluateAll((buttons) => buttons.map((b) => b.getAttribute('aria-label'))));
  const questions = ['How much is the Growth plan?', 'Do you offer a free trial?', 'Which output formats are there?', 'Is there an MCP server?', 'What is an arbiter?', 'Does it support HIPAA?', 'How fast is a decision?', 'Can it run on premise?', 'What is the proof bundle?', 'Which regulations do you cover?', 'How do I install the CLI?'];
  let label: string | null = null;
  for (const question of questions) {
    await send(page, question);
    const now = await verifyButtons.evaluateAll((buttons) => buttons.map((b) => b.getAttribute('aria-label')));
    label = now.find((l) => l !== null && !before.has(l)) ?? null;
    if (label) break;
  }
  expect(label, 'a checkpoint signed after the first message').not.toBeNull();
  return proofs.getByRole('listitem').filter({ has: page.getByRole('button', { name: label!, exact: true }) });
}

test('a signed checkpoint verifies in the browser, and a tampered proof does not', async ({ page }) => {
  test.setTimeout(90_000);
  await openReceptionist(page);
  const checkpoint = await untilCheckpointWithOwnDecisions(page);
  await checkpoint.getByRole('button', { name: /^Verify/ }).click();
  await expect(checkpoint.getByText(/^Verified: signature and inclusion of \d+ (of your )?decisions? checked against the signed root$/)).toBeVisible({ timeout: 15_000 });
  await expectNoAxeViolations(page);

  // The proof as served, with one hash of the inclusion path changed on the way.
  await page.route('**/api/v1/audit/proof/**', async (route) => {
    const response = await route.fetch();
    const proof = (await response.json()) as { proof: string[]; leafHash: string };
    if (proof.proof.length > 0) proof.proof[0] = proof.proof[0]!.replace(/^./, (c) => (c === '0' ? '1' : '0'));
    else proof.leafHash = proof.leafHash.replace(/^./, (c) => (c === '0' ? '1' : '0'));
    await route.fulfill({ response, json: proof });
  });
  await checkpoint.getByRole('button', { name: /^Verify/ }).click();
  await expect(checkpoint.getByText(/^Verification failed: /)).toBeVisible({ timeout: 15_000 });
});

test('when the stream socket drops, the badge says connecting and the stream comes back', async ({ page }) => {
  // Every stream socket goes through this route to the real server; the test closes the first one
  // from the server's side of the route, as a restart would.
  const sockets: WebSocketRoute[] = [];
  await page.routeWebSocket('**/api/poc-ai-chat/stream', (ws) => {
    ws.connectToServer();
    sockets.push(ws);
  });
  await openReceptionist(page);
  const modal = dialog(page);
  await expect(modal.getByText('Connection: connected')).toBeVisible();
  expect(sockets).toHaveLength(1);
  await sockets[0]!.close({ code: 1012, reason: 'server restart' });
  await expect(modal.getByText('Connection: connecting')).toBeVisible();
  await expect(modal.getByText('Connection: connected')).toBeVisible({ timeout: 15_000 });
  expect(sockets.length).toBeGreaterThanOrEqual(2);
  const before = await total(page);
  await send(page, 'What does Bytebound do?');
  await expect.poll(() => total(page)).toBeGreaterThan(before);
});
