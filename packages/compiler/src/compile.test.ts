import { describe, expect, it } from 'vitest';
import { parsePolicy } from './bytebound-format.ts';
import { COMPILE_STAGES, compile } from './compile.ts';
import { FORMATS } from './emit/formats.ts';
import { decideRequest } from './evaluate.ts';
import { sha256Hex } from './policy/sha256.ts';
import { TEMPLATES } from './templates.ts';

describe('compile', () => {
  it('compiles the GDPR template to every format, deterministically, with the six stages beside the output', () => {
    for (const format of FORMATS) {
      const a = compile(TEMPLATES.gdpr.content, { format: format.id });
      const b = compile(TEMPLATES.gdpr.content, { format: format.id });
      if (!a.ok || !b.ok) throw new Error('did not compile');
      expect(a.output).toBe(b.output);
      expect(a.stages.map((s) => s.stage)).toEqual([...COMPILE_STAGES]);
      expect(a.stages.every((s) => s.ms >= 0)).toBe(true);
      expect(a.metadata).toMatchObject({ format: format.id, extension: format.extension, outputDigest: `sha256:${sha256Hex(a.output)}`, ruleCount: a.policy.rules.length, normCount: a.norms.length });
      expect(a.detected).toMatchObject({ jurisdiction: 'EU', regulation: 'GDPR' });
      expect(a.output).not.toMatch(/\d+\.\d+ ?ms/);
    }
  });

  it('reports each stage to the progress callback as it completes, failed stages included', () => {
    const reported: string[] = [];
    const ok = compile(TEMPLATES.gdpr.content, { format: 'rego' }, (done) => reported.push(done.stage));
    if (!ok.ok) throw new Error('did not compile');
    expect(reported).toEqual(ok.stages.map((s) => s.stage));
    const failedReports: string[] = [];
    const failed = compile(TEMPLATES.gdpr.content, { format: 'no-such-format' }, (done) => failedReports.push(done.stage));
    expect(failed).toMatchObject({ ok: false, stage: 'validating' });
    expect(failedReports).toEqual(['validating']);
  });

  it('gives a policy that decides the article it compiled', () => {
    const r = compile(TEMPLATES.gdpr.content, { format: 'bytebound' });
    if (!r.ok) throw new Error(r.error);
    expect(parsePolicy(r.output).rules.length).toBe(r.policy.rules.length);
    // erasure requested and a month passed: the obligation of Art. 17(1) is overdue
    const overdue = decideRequest(r.policy, { action: 'delete', timing: 'scheduled', target: 'personal', attributes: { subjectRequest: 'erasure', elapsed: 40 * 86400, consent: false } });
    expect(overdue.decision).toBe('DENY');
    expect(overdue.article).toMatch(/^GDPR Art\. 1[27]/);
    const transfer = decideRequest(r.policy, { action: 'share', timing: 'pre-action', target: 'personal', attributes: { destination: 'third-country', legalBasis: 'consent' } });
    expect(transfer.article).toBe('GDPR Art. 44');
  });

  it('stops at validating with the error text', () => {
    const r = compile('too short', { format: 'rego' });
    expect(r).toMatchObject({ ok: false, stage: 'validating', error: 'Legal text must be at least 10 characters long.' });
    expect(r.stages.map((s) => s.stage)).toEqual(['validating']);
    expect(compile(TEMPLATES.sox.content, { format: 'pdf' })).toMatchObject({ ok: false, stage: 'validating', error: expect.stringContaining("Unknown output format 'pdf'") });
    expect(compile('x'.repeat(1_048_577), { format: 'sql' })).toMatchObject({ ok: false, stage: 'validating', error: expect.stringContaining('exceeds the 1 MB limit') });
  });

  it('options change the output and the policy for real', () => {
    const text = TEMPLATES.hipaa.content;
    const out = (options: object) => {
      const r = compile(text, { format: 'javascript', options });
      if (!r.ok) throw new Error(r.error);
      return r;
    };
    const base = out({});
    expect(out({ includeTests: false }).output).not.toBe(base.output);
    expect(out({ targetEnvironment: 'development' }).output).not.toBe(base.output);
    expect(out({ optimizationLevel: 'none' }).policy.rules.length).toBeGreaterThanOrEqual(base.policy.rules.length);
    expect(out({ enforcementLevel: 'moderate' }).policy.enforcementLevel).toBe('moderate');
  });

  it('uses the given jurisdiction and loads its regulation', () => {
    const r = compile('The business shall delete the personal information of a consumer upon request.', { format: 'bytebound', jurisdiction: 'US-CA' });
    if (!r.ok) throw new Error(r.error);
    expect(r.detected.jurisdiction).toBe('US-CA');
    expect(r.policy.regulations.map((x) => x.id)).toContain('CCPA');
  });
});
