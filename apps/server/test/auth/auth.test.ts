// The auth API against the real app and database: registration, sign-in, sessions bound to a
// cookie, throttling, no account enumeration, password reset.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import { accountRow, lateSession, outboxMessage, register, registration, resetTokenIn, signIn, STRONG_PASSWORD } from './account-helpers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ PUBLIC_URL: 'http://bytebound.test:8080' });
});
afterAll(async () => t.close());

const post = (url: string, payload: unknown, headers: Record<string, string> = {}) => t.app.inject({ method: 'POST', url, payload: payload as object, headers });

describe('registration', () => {
  it('returns a token and customer id, starts a 14-day trial and records the terms', async () => {
    const before = Date.now();
    const body = registration({ firstName: "Robert'); DROP TABLE accounts;--", companyName: '<script>alert(1)</script>' });
    const response = await post('/api/auth/register', body);
    expect(response.statusCode).toBe(201);
    const json = response.json();
    expect(json).toMatchObject({ success: true, customerId: expect.stringMatching(/^cus_/) });
    expect(Buffer.from(json.token, 'base64url').length).toBeGreaterThanOrEqual(16);
    const row = await t.db.selectFrom('accounts').selectAll().where('id', '=', json.customerId).executeTakeFirstOrThrow();
    expect(row.first_name).toBe("Robert'); DROP TABLE accounts;--");
    expect(row.company_name).toBe('<script>alert(1)</script>');
    expect(row.password_hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(row.password_hash).not.toContain(STRONG_PASSWORD);
    expect(row.terms_version).toBe('2026-01');
    expect(Number(row.terms_accepted_at)).toBeGreaterThanOrEqual(before);
    expect(Number(row.trial_ends_at) - Number(row.created_at)).toBe(14 * 24 * 3600 * 1000);
    expect(row.plan).toBe('trial');
    const session = await t.db.selectFrom('sessions').selectAll().where('account_id', '=', json.customerId).executeTakeFirstOrThrow();
    expect(session.token_hash).not.toBe(json.token);
    expect(session.token_hash).toMatch(/^[0-9a-f]{64}$/);
  });

  it('sets an HttpOnly, SameSite=Strict session cookie, Secure only for an https PUBLIC_URL', async () => {
    const response = await post('/api/auth/register', registration());
    const cookie = response.cookies.find((c) => c.name === 'bytebound_session')!;
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/' });
    expect(cookie.secure).toBeFalsy();
    const https = await createTestApp({ PUBLIC_URL: 'https://bytebound.example' });
    try {
      const secure = await https.app.inject({ method: 'POST', url: '/api/auth/register', payload: registration() });
      expect(secure.cookies.find((c) => c.name === 'bytebound_session')).toMatchObject({ secure: true, httpOnly: true, sameSite: 'Strict' });
    } finally {
      await https.close();
    }
  });

  it.each([
    [{ firstName: '' }, 'First name is required'],
    [{ lastName: ' ' }, 'Last name is required'],
    [{ email: '' }, 'Email is required'],
    [{ email: 'not-an-email' }, 'Please enter a valid email'],
    [{ companyName: '' }, 'Company name is required'],
    [{ password: '' }, 'Password is required'],
    [{ password: 'Ab1!xyz' }, 'Password must be at least 8 characters'],
    [{ password: 'password1' }, 'This password is one of the 10,000 most common passwords. Please choose a less common one.'],
    [{ password: 'Baseball' }, 'This password is one of the 10,000 most common passwords. Please choose a less common one.'],
    [{ acceptTerms: false }, 'You must agree to the terms'],
    [{ acceptTerms: undefined }, 'You must agree to the terms'],
  ])('refuses %j with "%s"', async (overrides, message) => {
    const response = await post('/api/auth/register', registration(overrides));
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ success: false, error: message });
  });

  it('refuses a name with a control character (an escape sequence in an operator’s terminal)', async () => {
    const response = await t.app.inject({ method: 'POST', url: '/api/auth/register', payload: registration({ lastName: 'Lovelace\u001b[2J' }), remoteAddress: '10.3.0.1' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ success: false, error: 'Last name cannot contain control characters' });
  });

  it('tells a taken email with 409 and emails the owner of the existing account', async () => {
    const first = await register(t.app);
    const again = await post('/api/auth/register', registration({ email: first.email.toUpperCase() }));
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ success: false, error: 'An account with this email already exists. Please sign in or reset your password.' });
    const mail = await outboxMessage(t.db, first.email, /tried to register/);
    expect(mail.text_body).toContain('http://bytebound.test:8080/auth/sign-in');
  });
});

describe('one account per mailbox', () => {
  it('reads an address in its one spelling: full-width, fully qualified or IDNA-encoded, it is the same account, and mail goes to that spelling', async () => {
    const local = `grace.${Math.random().toString(36).slice(2)}`;
    const wide = [...local].map((c) => String.fromCodePoint(c.codePointAt(0)! + 0xfee0)).join('');
    // Another address than the other tests', whose registrations and reset requests fill its hourly allowance.
    const remoteAddress = '10.9.0.1';
    const account = await register(t.app, { email: `${wide}＠BÜCHER.de.`, companyName: 'Hopper Compilers' }, remoteAddress);
    expect((await accountRow(t, account.customerId)).email).toBe(`${local}@bücher.de`);

    const again = await t.app.inject({ method: 'POST', url: '/api/auth/register', payload: registration({ email: `${local}@xn--bcher-kva.de` }), remoteAddress });
    expect(again.statusCode).toBe(409);
    expect((await signIn(t.app, `${local}@bücher.de.`, account.password)).json()).toMatchObject({ success: true, customerId: account.customerId });
    expect((await signIn(t.app, `${local.toUpperCase()}@XN--BCHER-KVA.DE`, account.password)).json()).toMatchObject({ success: true, customerId: account.customerId });

    await t.app.inject({ method: 'POST', url: '/api/auth/forgot-password', payload: { email: `${wide}@bücher.de` }, remoteAddress });
    const mail = await outboxMessage(t.db, `${local}@bücher.de`, /Reset your/);
    expect(resetTokenIn(mail.text_body)).toMatch(/^[A-Za-z0-9_-]+$/);
  });
});

describe('the updates box at registration', () => {
  it('starts the newsletter double opt-in: a pending subscription and a confirmation email, nothing more', async () => {
    const subscriber = await register(t.app, { subscribeNewsletter: true });
    const email = (await t.db.selectFrom('accounts').select('email').where('id', '=', subscriber.customerId).executeTakeFirstOrThrow()).email;
    const mail = await outboxMessage(t.db, email, /Confirm your subscription/);
    expect(mail.text_body).toMatch(/http:\/\/bytebound\.test:8080\/newsletter\/confirm\?token=/);
    const row = await t.db.selectFrom('newsletter_subscribers').selectAll().where('email', '=', email).executeTakeFirstOrThrow();
    expect(row.status).toBe('pending');

    const other = await register(t.app, { subscribeNewsletter: false });
    const otherEmail = (await t.db.selectFrom('accounts').select('email').where('id', '=', other.customerId).executeTakeFirstOrThrow()).email;
    // The welcome email links the account page: ACCOUNT_URL, by default /account on this server.
    expect((await outboxMessage(t.db, otherEmail, /Welcome to Bytebound/)).text_body).toContain('http://bytebound.test:8080/account\n');
    expect(await t.db.selectFrom('newsletter_subscribers').selectAll().where('email', '=', otherEmail).execute()).toEqual([]);
  });
});

describe('ACCOUNT_URL', () => {
  it('links an account application of its own from the welcome email, and refuses an address that is neither a path nor an http(s) URL', async () => {
    const own = await createTestApp({ ACCOUNT_URL: 'https://app.example.com/home' });
    try {
      const account = await register(own.app);
      expect((await outboxMessage(own.db, account.email, /Welcome to Bytebound/)).text_body).toContain('https://app.example.com/home\n');
    } finally {
      await own.close();
    }
    for (const wrong of ['app.example.com', '//app.example.com', 'javascript:alert(1)']) expect(() => loadConfig({ ACCOUNT_URL: wrong }), wrong).toThrow(/ACCOUNT_URL must be a path/);
  });
});

describe('sign-in and sessions', () => {
  it('signs in with the right password and gives a new token every time', async () => {
    const account = await register(t.app);
    const a = await signIn(t.app, account.email, account.password);
    const b = await signIn(t.app, account.email.toUpperCase(), account.password);
    expect(a.statusCode).toBe(200);
    expect(a.json()).toMatchObject({ success: true, customerId: account.customerId });
    expect(b.json().token).not.toBe(a.json().token);
  });

  it('answers a wrong password and an unknown email with the same status and body', async () => {
    const account = await register(t.app);
    const wrong = await signIn(t.app, account.email, 'Wrong-Password-42', false, '10.0.0.1');
    const unknown = await signIn(t.app, `nobody.${Date.now()}@example.com`, 'Wrong-Password-42', false, '10.0.0.2');
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(wrong.statusCode);
    expect(unknown.body).toBe(wrong.body);
    expect(wrong.json()).toEqual({ success: false, error: 'Invalid email or password' });
  });

  it('counts a password by its characters at both ends: 256 emoji register and sign in', async () => {
    // From an address of its own: registrations are limited per address and hour.
    const registerFrom = (body: Record<string, unknown>) => t.app.inject({ method: 'POST', url: '/api/auth/register', payload: body, remoteAddress: '10.3.0.1' });
    const password = '🔐'.repeat(256);
    const body = registration({ password });
    expect((await registerFrom(body)).statusCode).toBe(201);
    expect((await signIn(t.app, body.email as string, password)).statusCode).toBe(200);
    const over = await registerFrom(registration({ password: '🔐'.repeat(257) }));
    expect(over.json()).toEqual({ success: false, error: 'Password must be at most 256 characters' });
  });

  it('says what is wrong with a sign-in form that cannot be right', async () => {
    const form = { email: `someone.${Date.now()}@example.com`, password: 'Some-Password-42' };
    const cases: [Record<string, unknown>, string][] = [
      [{ email: '' }, 'Email is required'],
      [{ email: 'not-an-email' }, 'Please enter a valid email'],
      [{ password: '' }, 'Password is required'],
      [{ password: 'x'.repeat(257) }, 'Password must be at most 256 characters'],
      // Characters as a person counts them: 257 emoji are too many.
      [{ password: '🔐'.repeat(257) }, 'Password must be at most 256 characters'],
    ];
    for (const [override, message] of cases) {
      const response = await post('/api/auth/signin', { ...form, ...override });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ success: false, error: message });
    }
  });

  it('needs both the bearer token and its cookie', async () => {
    const account = await register(t.app);
    const both = await t.app.inject({ url: '/api/auth/me', headers: account.headers });
    expect(both.statusCode).toBe(200);
    expect(both.json()).toMatchObject({ email: account.email, firstName: 'Ada' });
    const tokenOnly = await t.app.inject({ url: '/api/auth/me', headers: { authorization: `Bearer ${account.token}` } });
    expect(tokenOnly.statusCode).toBe(401);
    const cookieOnly = await t.app.inject({ url: '/api/auth/me', headers: { cookie: account.cookie } });
    expect(cookieOnly.statusCode).toBe(401);
    const other = await register(t.app);
    const mixed = await t.app.inject({ url: '/api/auth/me', headers: { authorization: `Bearer ${account.token}`, cookie: other.cookie } });
    expect(mixed.statusCode).toBe(401);
  });

  it('keeps a remembered session 30 days and another 12 hours with a browser-session cookie', async () => {
    const account = await register(t.app);
    const remembered = await signIn(t.app, account.email, account.password, true);
    const cookie = remembered.cookies.find((c) => c.name === 'bytebound_session')!;
    expect(cookie.maxAge).toBe(30 * 24 * 3600);
    const brief = await signIn(t.app, account.email, account.password, false);
    expect(brief.cookies.find((c) => c.name === 'bytebound_session')!.maxAge).toBeUndefined();
    const sessions = await t.db.selectFrom('sessions').select(['remember', 'created_at', 'expires_at']).where('account_id', '=', account.customerId).execute();
    const lifetimes = sessions.map((s) => [s.remember, Number(s.expires_at) - Number(s.created_at)]);
    expect(lifetimes).toContainEqual([1, 30 * 24 * 3600 * 1000]);
    expect(lifetimes).toContainEqual([0, 12 * 3600 * 1000]);
  });

  it('signs out this device or everywhere', async () => {
    const account = await register(t.app);
    const second = await signIn(t.app, account.email, account.password);
    const secondHeaders = { authorization: `Bearer ${second.json().token}`, cookie: `bytebound_session=${second.cookies.find((c) => c.name === 'bytebound_session')!.value}` };
    await t.app.inject({ method: 'POST', url: '/api/auth/logout', headers: account.headers, payload: {} });
    expect((await t.app.inject({ url: '/api/auth/me', headers: account.headers })).statusCode).toBe(401);
    expect((await t.app.inject({ url: '/api/auth/me', headers: secondHeaders })).statusCode).toBe(200);
    const third = await signIn(t.app, account.email, account.password);
    const thirdHeaders = { authorization: `Bearer ${third.json().token}`, cookie: `bytebound_session=${third.cookies.find((c) => c.name === 'bytebound_session')!.value}` };
    await t.app.inject({ method: 'POST', url: '/api/auth/logout', headers: thirdHeaders, payload: { everywhere: true } });
    expect((await t.app.inject({ url: '/api/auth/me', headers: secondHeaders })).statusCode).toBe(401);
  });

  it('accepts the legacy POST /login', async () => {
    const account = await register(t.app);
    const response = await post('/login', { email: account.email, password: account.password });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ success: true, customerId: account.customerId, token: expect.any(String) });
  });

  it('throttles an account after 5 failures with a growing wait, whatever the address', async () => {
    const account = await register(t.app);
    for (let i = 0; i < 5; i++) expect((await signIn(t.app, account.email, 'Wrong-Password-42', false, `10.1.0.${i}`)).statusCode).toBe(401);
    const blocked = await signIn(t.app, account.email, account.password, false, '10.1.1.1');
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().error).toMatch(/^Too many sign-in attempts\. Please wait \d+ seconds and try again\.$/);
    const first = Number(blocked.headers['retry-after']);
    await t.db.updateTable('auth_throttle').set({ blocked_until: 0 }).where('key', '=', `account:${account.email}`).execute();
    expect((await signIn(t.app, account.email, 'Wrong-Password-42', false, '10.1.1.2')).statusCode).toBe(401);
    const longer = await signIn(t.app, account.email, account.password, false, '10.1.1.3');
    expect(longer.statusCode).toBe(429);
    expect(Number(longer.headers['retry-after'])).toBeGreaterThan(first);
    // An unknown email is throttled the same way, so the throttle reveals nothing either.
    const ghost = `ghost.${Date.now()}@example.com`;
    for (let i = 0; i < 5; i++) await signIn(t.app, ghost, 'Wrong-Password-42', false, `10.2.0.${i}`);
    expect((await signIn(t.app, ghost, 'Wrong-Password-42', false, '10.2.1.1')).statusCode).toBe(429);
  });

  it('throttles one address trying many accounts', async () => {
    for (let i = 0; i < 20; i++) await signIn(t.app, `spray${i}.${Date.now()}@example.com`, 'Wrong-Password-42', false, '10.9.9.9');
    const account = await register(t.app);
    expect((await signIn(t.app, account.email, account.password, false, '10.9.9.9')).statusCode).toBe(429);
    expect((await signIn(t.app, account.email, account.password, false, '10.9.9.10')).statusCode).toBe(200);
  });
});

describe('forgot and reset password', () => {
  it('answers known and unknown emails alike', async () => {
    const account = await register(t.app);
    const known = await post('/api/auth/forgot-password', { email: account.email });
    const unknown = await post('/api/auth/forgot-password', { email: `nobody.${Date.now()}@example.com` });
    expect(known.statusCode).toBe(200);
    expect(unknown.statusCode).toBe(200);
    expect(unknown.body).toBe(known.body);
    expect((await post('/api/auth/forgot-password', { email: 'nope' })).json()).toEqual({ success: false, error: 'Please enter a valid email address' });
    expect((await post('/api/auth/forgot-password', { email: '' })).json()).toEqual({ success: false, error: 'Email is required' });
  });

  it('emails a single-use link from PUBLIC_URL; the reset revokes every session and sends a notice', async () => {
    const account = await register(t.app);
    await post('/api/auth/forgot-password', { email: account.email }, { host: 'evil.example' });
    const mail = await outboxMessage(t.db, account.email, /Reset your/);
    expect(mail.text_body).toContain('http://bytebound.test:8080/auth/reset-password?token=');
    expect(mail.text_body).not.toContain('evil.example');
    expect(mail.html_body).toContain('http://bytebound.test:8080/auth/reset-password?token=');
    const token = resetTokenIn(mail.text_body);
    const stored = await t.db.selectFrom('password_resets').selectAll().where('account_id', '=', account.customerId).execute();
    expect(stored.map((r) => r.token_hash)).not.toContain(token);
    expect(Number(stored[0]!.expires_at) - Number(stored[0]!.created_at)).toBe(3600 * 1000);

    expect((await post('/api/auth/reset-password', { token, password: 'qwerty123' })).json().error).toMatch(/most common passwords/);
    const readBeforeReset = await accountRow(t, account.customerId);
    const done = await post('/api/auth/reset-password', { token, password: 'A-new-Passphrase-77' });
    expect(done.statusCode).toBe(200);
    expect((await t.app.inject({ url: '/api/auth/me', headers: account.headers })).statusCode).toBe(401);
    // A sign-in that checked the old password before the reset and started its session after it: refused too.
    const late = await lateSession(t, readBeforeReset);
    const refused = await t.app.inject({ url: '/api/auth/me', headers: late! });
    expect([refused.statusCode, refused.json().error]).toEqual([401, 'Your session has ended. Please sign in again.']);
    // Ended, and no longer kept: the account's sessions are none (the reset signed out every other).
    expect(await t.db.selectFrom('sessions').select('token_hash').where('account_id', '=', account.customerId).execute()).toEqual([]);
    expect((await signIn(t.app, account.email, account.password)).statusCode).toBe(401);
    expect((await signIn(t.app, account.email, 'A-new-Passphrase-77')).statusCode).toBe(200);
    await outboxMessage(t.db, account.email, /password was changed/);

    const reused = await post('/api/auth/reset-password', { token, password: 'Another-Passphrase-88' });
    expect(reused.statusCode).toBe(400);
    expect(reused.json()).toEqual({ success: false, error: 'This reset link is invalid or has expired. Please request a new one.' });
    // A link with text pasted after it says the same.
    const pasted = await post('/api/auth/reset-password', { token: `${token}${' and more text after the link'.repeat(10)}`, password: 'Another-Passphrase-88' });
    expect(pasted.json()).toEqual({ success: false, error: 'This reset link is invalid or has expired. Please request a new one.' });
  });

  it('refuses an expired link', async () => {
    const account = await register(t.app);
    await post('/api/auth/forgot-password', { email: account.email });
    const token = resetTokenIn((await outboxMessage(t.db, account.email, /Reset your/)).text_body);
    await t.db.updateTable('password_resets').set({ expires_at: Date.now() - 1 }).where('account_id', '=', account.customerId).execute();
    const response = await post('/api/auth/reset-password', { token, password: 'A-new-Passphrase-77' });
    expect(response.statusCode).toBe(400);
    expect((await signIn(t.app, account.email, account.password)).statusCode).toBe(200);
  });

  it('sends at most 3 reset emails an hour to one address, answering the same', async () => {
    const account = await register(t.app);
    const answers = [];
    for (let i = 0; i < 5; i++) answers.push((await post('/api/auth/forgot-password', { email: account.email })).body);
    expect(new Set(answers).size).toBe(1);
    const links = () => t.db.selectFrom('password_resets').select('token_hash').where('account_id', '=', account.customerId).execute();
    await outboxMessage(t.db, account.email, /Reset your/);
    await expect.poll(async () => (await links()).length).toBe(3);
    // The last two requests were answered alike but sent nothing.
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(await links()).toHaveLength(3);
    const sent = await t.db.selectFrom('outbox').select('subject').where('recipient', '=', account.email).execute();
    expect(sent.filter((m) => /Reset your/.test(m.subject))).toHaveLength(3);
  });
});
