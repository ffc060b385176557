// The SQL format checked by SQLite and PostgreSQL: the same script and the same decision query run
// unchanged in both and give the hand-worked decisions; its assertion query finds no failing vector.
import { describe, expect, it } from 'vitest';
import { emitSql } from '../src/emit/sql.ts';
import { DEFAULT_COMPILE_OPTIONS, type CompileOptions } from '../src/policy-model.ts';
import { ENFORCEMENT_LEVELS, handBuiltPolicy, handCases } from './toolchains/hand-built-policies.ts';
import { runPostgres, runSqlite } from './toolchains/sql.ts';

const variants: Partial<CompileOptions>[] = [
  { optimizationLevel: 'none', targetEnvironment: 'development', includeTests: true },
  { optimizationLevel: 'maximum', targetEnvironment: 'production', includeTests: false },
];

describe('sql emitter under SQLite and PostgreSQL', () => {
  for (const level of ENFORCEMENT_LEVELS) {
    for (const variant of variants) {
      it(`decides every hand-built case under ${level} (${variant.optimizationLevel}, tests ${variant.includeTests})`, async () => {
        const policy = handBuiltPolicy(level);
        const output = emitSql(policy, { ...DEFAULT_COMPILE_OPTIONS, ...variant });
        const expected = handCases.map((c) => c.expected[level]);
        const sqlite = runSqlite(output, handCases.map((c) => c.request));
        expect(sqlite.decisions).toEqual(expected);
        const postgres = await runPostgres(output, handCases.map((c) => c.request));
        expect(postgres.decisions).toEqual(expected);
        if (variant.includeTests) {
          expect(sqlite.failures).toEqual([]);
          expect(postgres.failures).toEqual([]);
        } else {
          expect(sqlite.failures).toBeNull();
        }
      });
    }
  }

  it('its assertion query reports a vector the policy no longer satisfies', () => {
    const policy = handBuiltPolicy('strict');
    const output = emitSql(policy, { ...DEFAULT_COMPILE_OPTIONS, includeTests: true });
    const broken = output.replace("INSERT INTO bb_settings (enforcement) VALUES (0);", 'INSERT INTO bb_settings (enforcement) VALUES (2);');
    expect(broken).not.toBe(output);
    expect(runSqlite(broken, []).failures!.length).toBeGreaterThan(0);
  });
});
