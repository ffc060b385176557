// The operators' leads view (role from the database, 401/403 otherwise), its formula-safe CSV, and
// the data rights and retention of bookings, pilot requests, contacts and subscribers.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { countVariantCompile } from '../../src/demo/variant-counts.ts';
import { setRole } from '../../src/operators/operator-roles.ts';
import { outboxMessage, register } from '../auth/account-helpers.ts';
import { createTestApp, type TestApp, testDialect } from '../helpers/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ PUBLIC_URL: 'http://bytebound.test' });
});
afterAll(async () => t.close());

let nextIp = 1;
const ip = () => `10.2.${Math.floor(nextIp / 250)}.${(nextIp++ % 250) + 1}`;
const post = (url: string, payload: unknown) => t.app.inject({ method: 'POST', url, payload: JSON.stringify(payload), headers: { 'content-type': 'application/json' }, remoteAddress: ip() });
const uniqueEmail = (who: string) => `${who}.${Math.random().toString(36).slice(2)}@example.com`;

/** One lead of every kind for this email, each form given `spelling` of it. */
async function leadsOf(email: string, name = 'Mary Jackson', spelling = email) {
  const slots = (await t.app.inject({ url: '/api/booking/slots', remoteAddress: ip() })).json().slots as { start: string }[];
  const free = slots[Math.floor(Math.random() * slots.length)]!;
  expect((await post('/api/booking', { slotStart: free.start, name, email: spelling, company: 'Langley', interest: 'EU AI Act', timeZone: 'Europe/London' })).statusCode).toBe(201);
  expect((await post('/api/trial/pilot', { company: 'Langley', email: spelling, name, useCase: 'Trajectories', regulations: ['EU AI Act'] })).statusCode).toBe(201);
  expect((await post('/api/home/contact', { name, email: spelling, company: 'Langley', interest: 'EU AI Act', message: 'Hello' })).statusCode).toBe(201);
  expect((await post('/api/home/newsletter', { email: spelling })).statusCode).toBe(202);
  await outboxMessage(t.db, email, /Confirm your subscription/);
}

const counts = async (email: string) => ({
  bookings: (await t.db.selectFrom('bookings').select('id').where('email', '=', email).execute()).length,
  pilotRequests: (await t.db.selectFrom('pilot_requests').select('id').where('email', '=', email).execute()).length,
  contacts: (await t.db.selectFrom('contacts').select('id').where('email', '=', email).execute()).length,
  subscribers: (await t.db.selectFrom('newsletter_subscribers').select('id').where('email', '=', email).execute()).length,
});

describe(`operators' leads view (${testDialect})`, () => {
  it('is for operators only: 401 without a session, 403 for a customer, the leads and A/B counts for an operator', async () => {
    const email = uniqueEmail('mary');
    await leadsOf(email);
    await countVariantCompile(t.db, 'A', 'success');
    await countVariantCompile(t.db, 'A', 'success');
    await countVariantCompile(t.db, 'A', 'failure');
    await countVariantCompile(t.db, 'B', 'success');

    expect((await t.app.inject({ url: '/api/operator/leads' })).statusCode).toBe(401);
    const account = await register(t.app);
    const customer = await t.app.inject({ url: '/api/operator/leads', headers: account.headers });
    expect(customer.statusCode).toBe(403);
    expect(customer.json()).toEqual({ error: 'You need an operator account to see this page.' });
    expect((await t.app.inject({ url: '/api/operator/leads.csv?kind=contacts', headers: account.headers })).statusCode).toBe(403);

    expect(await setRole(t.db, account.email, 'operator')).toBe(true);
    const view = await t.app.inject({ url: '/api/operator/leads', headers: account.headers });
    expect(view.statusCode).toBe(200);
    const leads = view.json();
    expect(leads.bookings).toEqual(expect.arrayContaining([expect.objectContaining({ email, status: 'confirmed', company: 'Langley', timeZone: 'Europe/London' })]));
    expect(leads.pilotRequests).toEqual(expect.arrayContaining([expect.objectContaining({ email, regulations: ['EU AI Act'], useCase: 'Trajectories' })]));
    expect(leads.contacts).toEqual(expect.arrayContaining([expect.objectContaining({ email, message: 'Hello' })]));
    expect(leads.subscribers).toEqual(expect.arrayContaining([expect.objectContaining({ email, status: 'pending' })]));
    expect(leads.demoVariants).toEqual([
      { variant: 'A', compiles: 3, succeeded: 2, failed: 1 },
      { variant: 'B', compiles: 1, succeeded: 1, failed: 0 },
    ]);
    // No field holds a token or a hash (field names only: a random test email may spell either).
    expect(JSON.stringify(leads)).not.toMatch(/"[^"]*(token|hash)[^"]*":/i);

    expect(await setRole(t.db, account.email, 'customer')).toBe(true);
    expect((await t.app.inject({ url: '/api/operator/leads', headers: account.headers })).statusCode).toBe(403);
    expect(await setRole(t.db, uniqueEmail('nobody'), 'operator')).toBe(false);
  });

  it('exports each kind as CSV with RFC 4180 quoting, and cells that would run as formulas made text', async () => {
    const account = await register(t.app);
    await setRole(t.db, account.email, 'operator');
    const email = uniqueEmail('eve');
    expect((await post('/api/home/contact', { name: '=HYPERLINK("http://evil.example","Click")', email, company: 'Quote "Co", Ltd', interest: '+1-555', message: 'line one\nline two' })).statusCode).toBe(201);
    const csv = await t.app.inject({ url: '/api/operator/leads.csv?kind=contacts', headers: account.headers });
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toMatch(/^text\/csv/);
    expect(csv.headers['content-disposition']).toMatch(/^attachment; filename="bytebound-contacts-\d{4}-\d{2}-\d{2}\.csv"$/);
    expect(csv.body.startsWith('id,name,email,company,interest,message,createdAt\r\n')).toBe(true);
    const row = csv.body.split('\r\n').find((line) => line.includes(email))!;
    expect(row).toContain(`,"'=HYPERLINK(""http://evil.example"",""Click"")",${email},"Quote ""Co"", Ltd",'+1-555,"line one\nline two",`);
    // A row stored before long texts refused control characters: its escape sequence is not exported.
    const older = uniqueEmail('older');
    const id = `ct_${older.split('@')[0]}`;
    await t.db.insertInto('contacts').values({ id, name: 'Old\u001b[2J', email: older, company: 'C', interest: 'I', message: 'see\u001b]8;;https://evil.example\u0007here\ttab', created_at: Date.now() }).execute();
    const again = await t.app.inject({ url: '/api/operator/leads.csv?kind=contacts', headers: account.headers });
    const olderRow = again.body.split('\r\n').find((line) => line.includes(older))!;
    expect(olderRow.startsWith(`${id},Old\uFFFD[2J,${older},C,I,see\uFFFD]8;;https://evil.example\uFFFDhere\ttab,`)).toBe(true);
    expect(again.body).not.toMatch(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/);
    for (const kind of ['bookings', 'pilotRequests', 'subscribers']) {
      const other = await t.app.inject({ url: `/api/operator/leads.csv?kind=${kind}`, headers: account.headers });
      expect(other.statusCode).toBe(200);
    }
    const bad = await t.app.inject({ url: '/api/operator/leads.csv?kind=passwords', headers: account.headers });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toBe('kind must be one of bookings, pilotRequests, contacts, subscribers');
  });
});

describe(`data rights and retention of leads (${testDialect})`, () => {
  const linkIn = (text: string) => new URL(/http:\/\/bytebound\.test\/api\/gdpr\/requests\/[A-Za-z0-9_-]+/.exec(text)![0]).pathname;
  const form = { payload: '', headers: { 'content-type': 'application/x-www-form-urlencoded' } };

  it('shows every kind in /api/gdpr/access and removes them all with /api/gdpr/delete, whichever spelling of the address each form was given', async () => {
    const email = uniqueEmail('dorothy');
    const bystander = uniqueEmail('other');
    // Upper case, full-width letters and the domain fully qualified: the same mailbox.
    const wide = [...email.split('@')[0]!].map((c) => (/[a-z]/.test(c) ? String.fromCodePoint(c.codePointAt(0)! + 0xfee0) : c)).join('');
    await leadsOf(email, 'Dorothy Vaughan', `${wide}@EXAMPLE.com.`);
    await leadsOf(bystander);

    await t.app.inject({ method: 'POST', url: '/api/gdpr/access', payload: { email }, remoteAddress: ip() });
    const access = await t.app.inject({ method: 'POST', url: linkIn((await outboxMessage(t.db, email, /data export/)).text_body), ...form });
    expect(access.statusCode).toBe(200);
    const records = access.json().records;
    expect(records.bookings).toEqual([expect.objectContaining({ name: 'Dorothy Vaughan', email, status: 'confirmed' })]);
    expect(records.pilotRequests).toEqual([expect.objectContaining({ email, useCase: 'Trajectories' })]);
    expect(records.contacts).toEqual([expect.objectContaining({ email, message: 'Hello' })]);
    expect(records.subscribers).toEqual([expect.objectContaining({ email, status: 'pending' })]);
    expect(access.body).not.toContain(bystander);

    await t.app.inject({ method: 'POST', url: '/api/gdpr/delete', payload: { email }, remoteAddress: ip() });
    const erased = await t.app.inject({ method: 'POST', url: linkIn((await outboxMessage(t.db, email, /deletion/)).text_body), ...form });
    expect(erased.statusCode).toBe(200);
    expect(await counts(email)).toEqual({ bookings: 0, pilotRequests: 0, contacts: 0, subscribers: 0 });
    expect(await counts(bystander)).toEqual({ bookings: 1, pilotRequests: 1, contacts: 1, subscribers: 1 });
    const tokensLeft = await t.db
      .selectFrom('newsletter_unsubscribe_tokens')
      .leftJoin('newsletter_subscribers', 'newsletter_subscribers.id', 'newsletter_unsubscribe_tokens.subscriber_id')
      .select('newsletter_subscribers.id')
      .where('newsletter_subscribers.id', 'is', null)
      .execute();
    expect(tokensLeft).toEqual([]);
  });

  it("includes a signed-in account's own leads in its export and erases them with the account", async () => {
    const account = await register(t.app);
    await leadsOf(account.email, 'Christine Darden');
    const exported = await t.app.inject({ method: 'POST', url: '/api/gdpr/access', headers: account.headers, payload: {} });
    expect(exported.statusCode).toBe(200);
    expect(Object.keys(exported.json().records)).toEqual(expect.arrayContaining(['account', 'bookings', 'pilotRequests', 'contacts', 'subscribers']));
    const deleted = await t.app.inject({ method: 'POST', url: '/api/gdpr/delete', headers: account.headers, payload: { password: account.password } });
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json().erased).toMatchObject({ bookings: 1, pilotRequests: 1, contacts: 1, subscribers: 1 });
    expect(await counts(account.email)).toEqual({ bookings: 0, pilotRequests: 0, contacts: 0, subscribers: 0 });
  });

  it('purges each kind after its configured period, keeping confirmed newsletter subscriptions', async () => {
    const names = t.app.retention.list().map((p) => p.name);
    expect(names).toEqual(expect.arrayContaining(['demo bookings', 'pilot requests', 'contact messages', 'newsletter sign-ups not confirmed or ended']));
    const email = uniqueEmail('purge');
    await leadsOf(email);
    const confirmed = uniqueEmail('stays');
    await t.db.insertInto('newsletter_subscribers').values({ id: `ns_${Date.now()}`, email: confirmed, status: 'confirmed', confirm_token_hash: null, created_at: 0, updated_at: 0, confirmed_at: 0, unsubscribed_at: null }).execute();
    // A year later nothing is due (730 days by default); after 731 days past the slot, everything but consent is gone.
    await t.app.retention.runOnce(t.db, Date.now() + 365 * 24 * 3_600_000);
    expect(await counts(email)).toEqual({ bookings: 1, pilotRequests: 1, contacts: 1, subscribers: 1 });
    await t.app.retention.runOnce(t.db, Date.now() + (731 + 15) * 24 * 3_600_000);
    expect(await counts(email)).toEqual({ bookings: 0, pilotRequests: 0, contacts: 0, subscribers: 0 });
    expect(await counts(confirmed)).toMatchObject({ subscribers: 1 });
  });
});
