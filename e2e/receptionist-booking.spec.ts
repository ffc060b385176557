// Booking from the receptionist: demo slots offered in the chat are buttons, in the visitor's own
// time zone, that book a real slot, and 'Schedule a call' suggests a free slot personalised from the
// visitor's demo compilations, linking to the booking page (or, when that fails, a fallback message
// with the plain link).
import { expectNoAxeViolations } from './support/axe.ts';
import { expect, test } from './support/fixtures.ts';
import { chatLog, dialog, lastOwnMessage, openReceptionist, send } from './receptionist-support.ts';

test.describe('in New York', () => {
  test.use({ timezoneId: 'America/New_York', locale: 'en-US' });

  test('a slot offered in the chat books the demo; each button gives the reply’s UTC time in the visitor’s own zone, named', async ({ page }) => {
    await openReceptionist(page);
    const offer = await send(page, "Book a meeting with sales for me, I'm Rita Vogel from Umbrella, rita.vogel@umbrella.io");
    await expect(lastOwnMessage(page)).toHaveAttribute('aria-label', 'You, allowed');
    const slots = offer.getByRole('group', { name: 'Free demo slots' }).getByRole('button');
    await expect(slots.first()).toBeVisible();
    const inReply = [...(await offer.innerText()).matchAll(/\w{3}, \d{1,2} \w{3} \d{4} \d\d:\d\d UTC/g)].map((m) => Date.parse(m[0]));
    expect(inReply.length).toBeGreaterThan(0);
    const newYork = new Intl.DateTimeFormat('en-US', { weekday: 'short', day: 'numeric', month: 'short', hour: '2-digit', minute: '2-digit', timeZoneName: 'short', timeZone: 'America/New_York' });
    await expect(slots).toHaveText(inReply.map((at) => newYork.format(at)));
    await expect(slots.first()).toHaveText(/ E[SD]T$/);
    await expectNoAxeViolations(page);
    const booked = await (async () => {
      const replies = chatLog(page).getByRole('article', { name: /^Receptionist/ });
      const before = await replies.count();
      await slots.last().click();
      await expect(replies).toHaveCount(before + 1, { timeout: 15_000 });
      return replies.nth(before);
    })();
    await expect(booked).toContainText('Your demo is booked for');
    await expect(booked.getByRole('link', { name: 'Add the demo to your calendar' })).toBeVisible();
  });
});

test("'Schedule a call' suggests a free slot from the visitor's recent compilations and links to the booking page", async ({ page }) => {
  await page.addInitScript(() => {
    const entry = { id: 'h1', timestamp: new Date().toISOString(), regulation: 'GDPR', jurisdiction: 'EU', opl: 'rego', compilationTime: 12, success: true, preview: null, error: null, legalText: 'Article 17 ...' };
    localStorage.setItem('bytebound:demo-history', JSON.stringify([entry]));
  });
  await openReceptionist(page);
  const request = page.waitForRequest((r) => r.url().endsWith('/api/ai-domain/booking_assist'));
  await dialog(page).getByRole('button', { name: 'Schedule a call' }).click();
  const body = (await request).postDataJSON() as { type: string; context: { recentCompilations: Array<{ regulations: string[] }>; detectedJurisdictions: string[] } };
  expect(body.type).toBe('booking_assist');
  expect(body.context.recentCompilations[0]!.regulations).toEqual(['GDPR']);
  expect(body.context.detectedJurisdictions).toEqual(['EU']);

  const suggestion = chatLog(page).getByRole('article', { name: /^Receptionist/ }).last();
  await expect(suggestion).toContainText('You compiled 1 policy touching GDPR');
  const link = suggestion.getByRole('link', { name: 'Book this time' });
  const href = await link.getAttribute('href');
  const url = new URL(href!, 'http://localhost');
  expect(url.pathname).toBe('/booking');
  expect(url.searchParams.get('from')).toBe('chat');
  expect(url.searchParams.get('message')).toContain('GDPR');
  expect(Number.isNaN(Date.parse(url.searchParams.get('suggested') ?? ''))).toBe(false);
  await expectNoAxeViolations(page);
  await link.click();
  await expect(page).toHaveURL(/\/booking\?from=chat&message=/);
  await expect(dialog(page)).toBeHidden();
});

test.describe('when booking assist fails', () => {
  test.use({ allowedErrors: [/Failed to load resource|net::ERR_/] });

  test('the chat gives the fallback message and the plain booking link', async ({ page }) => {
    await openReceptionist(page);
    await page.route('**/api/ai-domain/booking_assist', (route) => route.abort('internetdisconnected'));
    await dialog(page).getByRole('button', { name: 'Schedule a call' }).click();
    const fallback = chatLog(page).getByRole('article', { name: /^Receptionist/ }).last();
    await expect(fallback).toContainText('I could not suggest a time just now.');
    await expect(fallback.getByRole('link', { name: 'Open the booking page' })).toHaveAttribute('href', '/booking?from=chat');
  });
});
