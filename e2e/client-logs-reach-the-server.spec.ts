// With client logging switched on, an error on the page reaches POST /api/logs on the real server,
// scrubbed of personal data, and the server accepts the batch.
import { expect, test } from './support/fixtures.ts';
import { openPage } from './support/page.ts';

test.use({ allowedErrors: [/e2e: failure for/] });

test('an uncaught error is logged to the server without the personal data in it', async ({ page }) => {
  await page.addInitScript(() => localStorage.setItem('bytebound:client-logs', 'on'));
  await openPage(page, '/pricing?email=jane@example.com');
  const sent = page.waitForResponse(
    (response) => response.url().endsWith('/api/logs') && response.request().method() === 'POST' && (response.request().postData() ?? '').includes('e2e: failure for'),
  );
  await page.evaluate(() => {
    setTimeout(() => {
      throw new Error('e2e: failure for jane.doe@example.com, card 4111 1111 1111 1111');
    });
  });
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Something went wrong. Please refresh.');
  const response = await sent;
  expect(response.status()).toBe(202);
  const body = response.request().postDataJSON() as { logs: Array<{ level: number; message: string; url: string; userAgent: string }> };
  // The batch may also carry the page's own warnings (a load over its budget on a busy machine).
  expect(await response.json()).toEqual({ accepted: body.logs.length });
  const errors = body.logs.filter((entry) => entry.level === 5);
  expect(errors).toHaveLength(1);
  const [entry] = errors;
  expect(entry?.level).toBe(5);
  expect(entry?.message).toContain('e2e: failure for [email], card [number]');
  expect(entry?.url).toMatch(/\/pricing\?email=\[redacted\]$/);
  expect(entry?.userAgent).toMatch(/Chrome/);
  // The card number in any spacing; a bare "4111" would also match the test server's random port.
  expect(JSON.stringify(body)).not.toMatch(/jane|4111[ -]?1111/);
});
