// Hostile quotes: text from the input (quotes, articles, subjects, conditions) full of comment
// terminators, quotes, backslashes, line breaks, U+2028/U+2029, '#', '--', backticks and '${' can
// never break out of a comment or string in the JavaScript, SQL and bytebound outputs: Node still
// imports the module, SQLite still runs the script, the .bb parser still reads it, and all decide
// as the reference evaluator. Injected code that would run if it escaped sets a global flag.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parsePolicy } from '../src/bytebound-format.ts';
import { emitBytebound } from '../src/emit/bytebound.ts';
import { emitJavascript } from '../src/emit/javascript.ts';
import { emitSql } from '../src/emit/sql.ts';
import { decide } from '../src/evaluate.ts';
import { buildPolicy } from '../src/policy/build-policy.ts';
import { DEFAULT_ATTRIBUTES, DEFAULT_COMPILE_OPTIONS, type CompleteRequest, type Norm } from '../src/policy-model.ts';
import { importEmitted } from './toolchains/javascript.ts';
import { runSqlite } from './toolchains/sql.ts';

const PIECES = [
  '*/', '/*', '(;', ';)', '"', "'", '\\', '\n', '\r\n', '\u2028', '\u2029', '#', '--', '`', '${', '}', 'end', '\nend\nrule "x"\n',
  '*/ globalThis.__bbPwned = 1; /*', '\nglobalThis.__bbPwned = 1;\n', '\u2028globalThis.__bbPwned = 1;//', '"; globalThis.__bbPwned = 1; "',
  "'); DROP TABLE bb_rule; --", "\n; DROP TABLE bb_rule; --", '`${globalThis.__bbPwned = 1}`', 'Art. 6', 'shall', ' ',
];
const hostile = fc.array(fc.oneof(fc.constantFrom(...PIECES), fc.string({ maxLength: 4 })), { minLength: 1, maxLength: 8 }).map((a) => a.join(''));

const norm = fc.record({
  quote: hostile,
  article: hostile,
  subject: hostile,
  condition: fc.option(hostile, { nil: null }),
  exception: hostile,
  modality: fc.constantFrom('obligation' as const, 'prohibition' as const, 'permission' as const, 'right' as const),
});

const requests: CompleteRequest[] = [
  { action: 'delete', timing: 'pre-action', targets: ['personal'], attributes: { ...DEFAULT_ATTRIBUTES } },
  { action: 'delete', timing: 'scheduled', targets: ['personal', 'sensitive'], attributes: { ...DEFAULT_ATTRIBUTES, elapsed: 90 * 86400, legalBasis: 'consent' } },
  { action: 'delete', timing: 'on-request', targets: ['personal'], attributes: { ...DEFAULT_ATTRIBUTES, subjectRequest: 'erasure', principalRole: 'data-subject' } },
  { action: 'share', timing: 'pre-action', targets: ['personal'], attributes: { ...DEFAULT_ATTRIBUTES, legalBasis: 'contract', destination: 'third-country' } },
];

const globals = globalThis as { __bbPwned?: number };

describe('hostile quotes cannot break out of the JavaScript, SQL and bytebound outputs', () => {
  it('every output still loads and decides as the reference evaluator', async () => {
    await fc.assert(
      fc.asyncProperty(norm, async (n) => {
        const source: Norm = {
          modality: n.modality,
          subject: n.subject,
          action: 'delete',
          target: 'personal',
          deadline: 'P1M',
          condition: n.condition,
          exceptions: [n.exception],
          source: { regulation: 'GDPR', article: n.article, quote: n.quote, span: [0, n.quote.length] },
        };
        const policy = buildPolicy([source], { enforcementLevel: 'strict', regulations: ['GDPR'] });
        const expected = requests.map((r) => {
          const { decision, article, applied_policies } = decide(policy, r);
          return { decision, article, applied_policies };
        });
        for (const targetEnvironment of ['production', 'development'] as const) {
          const options = { ...DEFAULT_COMPILE_OPTIONS, targetEnvironment };

          const js = await importEmitted(emitJavascript(policy, options));
          expect(requests.map((r) => js.decide(r)).map(({ decision, article, applied_policies }) => ({ decision, article, applied_policies }))).toEqual(expected);
          expect(globals.__bbPwned).toBeUndefined();

          const sqlite = runSqlite(emitSql(policy, options), requests);
          expect(sqlite.decisions).toEqual(expected);
          expect(sqlite.failures).toEqual([]);

          const parsed = parsePolicy(emitBytebound(policy, options));
          expect(parsed.rules.map((r) => r.quote).sort()).toEqual(policy.rules.map((r) => r.quote).sort());
          expect(requests.map((r) => decide(parsed, r))).toEqual(requests.map((r) => decide(policy, r)));
        }
      }),
      { numRuns: 40 },
    );
  });
});
