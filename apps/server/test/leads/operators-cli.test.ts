// `bytebound operators grant|revoke|list` as an operator runs it, on the server's own database:
// a granted account sees the leads, a revoked one no longer does.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.ts';
import { loadConfig } from '../../src/config.ts';
import { register } from '../auth/account-helpers.ts';
import { runCli } from '../helpers/cli.ts';
import { createTestDatabase, type TestDatabase, testDialect } from '../helpers/test-app.ts';

let testDb: TestDatabase;
beforeAll(async () => {
  testDb = await createTestDatabase();
});
afterAll(async () => testDb.drop());

const operators = (args: string[]) => runCli(testDb, ['operators', ...args]);

describe(`bytebound operators (${testDialect})`, { timeout: 120_000 }, () => {
  it('grants, lists and revokes the operator role of an account', async () => {
    const config = { ...loadConfig({ DATA_DIR: testDb.dataDir, LOG_LEVEL: 'silent' }), database: testDb.database };
    const app = await buildApp(config, { db: testDb.db });
    try {
      const account = await register(app, { firstName: 'Annie', lastName: 'Easley' });
      const leads = () => app.inject({ url: '/api/operator/leads', headers: account.headers });
      expect((await leads()).statusCode).toBe(403);

      const granted = operators(['grant', account.email.toUpperCase()]);
      expect(granted.code).toBe(0);
      expect(granted.stdout).toMatch(/is now an operator/);
      expect((await leads()).statusCode).toBe(200);
      expect(JSON.parse(operators(['list', '--json']).stdout)).toEqual([expect.objectContaining({ email: account.email, name: 'Annie Easley' })]);
      // A name stored with a control character (before the site refused them) is listed escaped, never sent raw to the terminal.
      await testDb.db.updateTable('accounts').set({ company_name: 'NASA\u001b[2J' }).where('email', '=', account.email).execute();
      expect(operators(['list']).stdout).toBe(`${account.email}  Annie Easley  NASA\\u001b[2J\n`);

      expect(operators(['revoke', account.email]).code).toBe(0);
      expect((await leads()).statusCode).toBe(403);
      expect(operators(['list']).stdout).toBe('No operators.\n');
    } finally {
      await app.close();
    }
    const missing = operators(['grant', 'nobody@example.com']);
    expect(missing.code).toBe(1);
    expect(missing.stderr).toMatch(/no account with the email nobody@example.com/);
    const usage = operators(['grant']);
    expect(usage.code).toBe(1);
    expect(usage.stderr).toMatch(/missing the email/);
  });
});
