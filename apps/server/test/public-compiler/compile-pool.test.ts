// Public compiles run in a warm worker thread bounded by the synthesis timeout: a compile that
// runs past it is stopped (its thread terminated) and answers a clear error, and the next compile
// gets a fresh worker. Here the timeout is made tiny so that a real compile exceeds it, and the
// output limit small so that a real output is over it.
import { policyDigest, printPolicy } from '@bytebound/compiler/bytebound-format';
import { COMPILE_STAGES, compile, type CompileSuccess } from '@bytebound/compiler/compile';
import { SYNTHESIS_TIMEOUT_MS } from '@bytebound/compiler/config';
import { TEMPLATES } from '@bytebound/compiler/templates';
import { afterAll, describe, expect, it } from 'vitest';
import { COMPILE_OUTPUT_MAX_CHARS } from '../../src/constants.ts';
import { CompilePool, loadStoppedMessage, outputTooLong, stoppedCompile, synthesisTimeoutMessage } from '../../src/public-compiler/compile-pool.ts';

const tiny = new CompilePool(5);
const normal = new CompilePool();
afterAll(async () => {
  await tiny.close();
  await normal.close();
});

// Long enough that no machine compiles it in 5 ms, well inside the compiler's size limit.
const longText = Array.from({ length: 30 }, () => TEMPLATES.gdpr.content).join('\n\n');

describe('the compile worker', () => {
  it('gives the same output as compiling in process, from a worker kept warm', async () => {
    await normal.warm();
    const input = { format: 'rego', options: { includeTests: false } };
    const inWorker = await normal.compile(TEMPLATES.gdpr.content, input);
    const inProcess = compile(TEMPLATES.gdpr.content, input);
    expect(inWorker.ok && inProcess.ok && inWorker.output === inProcess.output).toBe(true);
    const again = await normal.compile(TEMPLATES.ccpa.content, { format: 'bytebound' });
    expect(again.ok).toBe(true);
  }, 60_000);

  it('stops a compile that exceeds the synthesis timeout with a clear error, and recovers for the next', async () => {
    await tiny.warm();
    const first = await tiny.compile(longText, { format: 'bytebound' });
    expect(first).toMatchObject({ ok: false, error: synthesisTimeoutMessage(5) });
    // It names the stage it was stopped in: the one after the stages the worker reported done.
    if (first.ok) throw new Error('the compile was not stopped');
    const reached = first.stages.map((s) => s.stage);
    expect(reached).toEqual(COMPILE_STAGES.slice(0, reached.length));
    expect(reached.at(-1)).toBe(first.stage);
    expect(synthesisTimeoutMessage(SYNTHESIS_TIMEOUT_MS)).toBe(
      'Compilation stopped: it ran longer than the synthesis timeout of 10,000 ms. Shorten the text or split it into smaller parts.',
    );
    // Queued compiles each get their turn (and their own fresh worker after a timeout).
    const [second, third] = await Promise.all([tiny.compile(longText, { format: 'rego' }), tiny.compile(longText, { format: 'cedar' })]);
    expect(second).toMatchObject({ ok: false, error: synthesisTimeoutMessage(5) });
    expect(third).toMatchObject({ ok: false, error: synthesisTimeoutMessage(5) });
  }, 60_000);

  it('answers an output over the limit as a failed compile that says its size and points to the CLI', async () => {
    const small = new CompilePool(SYNTHESIS_TIMEOUT_MS, 50_000);
    try {
      const inProcess = compile(TEMPLATES.gdpr.content, { format: 'sql' });
      if (!inProcess.ok) throw new Error(inProcess.error);
      expect(inProcess.output.length).toBeGreaterThan(50_000);
      const over = await small.compile(TEMPLATES.gdpr.content, { format: 'sql' });
      expect(over).toMatchObject({ ok: false, stage: 'finalizing', error: outputTooLong(inProcess.output.length, 50_000) });
      expect(outputTooLong(51_234_567, COMPILE_OUTPUT_MAX_CHARS)).toBe(
        'The policy compiled from this text is 51.2 MB, over the 8.0 MB a compile here answers. Split the text into parts, or compile it with the CLI (bytebound compile), which has no such limit.',
      );
      // Under the limit, the same pool answers the output.
      expect(await small.compile('Article 1. The processor shall not sell personal data.', { format: 'bytebound' })).toMatchObject({ ok: true });
    } finally {
      await small.close();
    }
  }, 60_000);

  it('compiles in turns by client: many compiles from one client do not make another wait behind all of them', async () => {
    await normal.warm();
    const finished: string[] = [];
    const send = (name: string, client: string) =>
      normal.compile(TEMPLATES.gdpr.content, { format: 'bytebound' }, client).then((result) => {
        expect(result.ok).toBe(true);
        finished.push(name);
      });
    // a1 starts at once; a2..a4 wait, and b1 arrives after them.
    await Promise.all([send('a1', 'a'), send('a2', 'a'), send('a3', 'a'), send('a4', 'a'), send('b1', 'b')]);
    expect(finished).toEqual(['a1', 'a2', 'b1', 'a3', 'a4']);
  }, 60_000);

  it('finishes a compile in the worker as asked: the demo’s bytebound text, an arbiter’s source, a WebAssembly binary', async () => {
    await normal.warm();
    const text = TEMPLATES.gdpr.content;
    const options = { includeTests: true };
    const inProcess = compile(text, { format: 'bytebound', options });
    if (!inProcess.ok) throw new Error(inProcess.error);
    const digest = policyDigest(inProcess.policy);

    // The demo: the bytebound text beside the chosen format, printed with the same options, and whether it loads back.
    const demo = await normal.compile(text, { format: 'sql', options }, '', { name: 'demo', roundTrip: true });
    if (!demo.ok) throw new Error(demo.error);
    expect(demo.output).toBe((compile(text, { format: 'sql', options }) as CompileSuccess).output);
    expect(demo.finished).toEqual({ bbs: inProcess.output, policyId: digest, roundTrip: [] });
    const unchecked = await normal.compile(text, { format: 'bytebound', options }, '', { name: 'demo', roundTrip: false });
    expect(unchecked).toMatchObject({ ok: true, output: inProcess.output, finished: { bbs: inProcess.output, policyId: digest, roundTrip: null } });

    // An arbiter: the policy loaded as the server serves it, in its canonical print.
    const arbiter = await normal.compile(text, { format: 'bytebound', options }, '', { name: 'arbiter' });
    expect(arbiter).toMatchObject({ ok: true, finished: { text: printPolicy(inProcess.policy), digest, rules: inProcess.policy.rules.length } });

    // WebAssembly: the module a browser instantiates.
    const wasm = await normal.compile(text, { format: 'wasm' }, '', { name: 'binary' });
    if (!wasm.ok) throw new Error(wasm.error);
    expect(Buffer.from(wasm.finished).subarray(0, 4)).toEqual(Buffer.from([0, 0x61, 0x73, 0x6d]));
  }, 60_000);

  it('loads bytebound text as an arbiter keeps it, says why a text does not load, and stops a load past the timeout', async () => {
    await normal.warm();
    const inProcess = compile(TEMPLATES.gdpr.content, { format: 'bytebound' });
    if (!inProcess.ok) throw new Error(inProcess.error);
    const text = inProcess.output;
    expect(await normal.load(text, 'a')).toEqual({ text: printPolicy(inProcess.policy), digest: policyDigest(inProcess.policy), rules: inProcess.policy.rules.length });
    expect(await normal.load('bytebound 1\nthis is not a policy', 'a')).toEqual({ error: expect.stringMatching(/^The policy does not parse: line \d+/) });
    // A load takes its client's turn among compiles, as a compile does: a1 runs at once, a2 is next in line, b's load comes before a3.
    const finished: string[] = [];
    const compileFor = (name: string) => normal.compile(TEMPLATES.gdpr.content, { format: 'bytebound' }, 'a').then(() => finished.push(name));
    await Promise.all([compileFor('a1'), compileFor('a2'), compileFor('a3'), normal.load(text, 'b').then(() => finished.push('b load'))]);
    expect(finished).toEqual(['a1', 'a2', 'b load', 'a3']);
    await tiny.warm();
    const many = Array.from({ length: 30 }, () => text).join('\n');
    expect(await tiny.load(many, 'a')).toEqual({ error: loadStoppedMessage(5) });
    expect(loadStoppedMessage(10_000)).toBe('Loading the policy stopped: it ran longer than 10,000 ms.');
  }, 60_000);

  it('fails the compiles running and waiting when it closes (the server stopping), and any after', async () => {
    const closing = new CompilePool();
    await closing.warm();
    const running = closing.compile(longText, { format: 'bytebound' }, 'a');
    const waiting = closing.load(TEMPLATES.gdpr.content, 'b');
    const failed = Promise.all([expect(running).rejects.toThrow('the server is closing'), expect(waiting).rejects.toThrow('the server is closing')]);
    await closing.close();
    await failed;
    await expect(closing.compile(TEMPLATES.gdpr.content, { format: 'bytebound' })).rejects.toThrow('the server is closing');
  });

  it('bounds the text a finish adds as it bounds the output', async () => {
    const input = { format: 'javascript', options: { includeTests: false } };
    const javascript = compile(TEMPLATES.gdpr.content, input);
    const bbs = compile(TEMPLATES.gdpr.content, { ...input, format: 'bytebound' });
    if (!javascript.ok || !bbs.ok) throw new Error('the template does not compile');
    // A limit the JavaScript output fits and the bytebound text beside it does not.
    expect(javascript.output.length).toBeLessThan(bbs.output.length);
    const small = new CompilePool(SYNTHESIS_TIMEOUT_MS, javascript.output.length);
    try {
      const over = await small.compile(TEMPLATES.gdpr.content, input, '', { name: 'demo', roundTrip: true });
      expect(over).toMatchObject({ ok: false, stage: 'finalizing', error: outputTooLong(bbs.output.length, javascript.output.length) });
      expect(await small.compile(TEMPLATES.gdpr.content, input)).toMatchObject({ ok: true });
    } finally {
      await small.close();
    }
  }, 60_000);

  it('reports a stopped compile in the stage after the last one it completed', () => {
    const done = [
      { stage: 'validating' as const, ms: 2 },
      { stage: 'parsing' as const, ms: 30 },
    ];
    const stopped = stoppedCompile(done, 10_050, 10_000);
    expect(stopped).toEqual({
      ok: false,
      stage: 'analyzing',
      error: synthesisTimeoutMessage(10_000),
      validation: { errors: [synthesisTimeoutMessage(10_000)], warnings: [], suggestions: [] },
      stages: [...done, { stage: 'analyzing', ms: 10_018 }],
    });
    expect(stoppedCompile([], 12, 10).stage).toBe('validating');
    const all = COMPILE_STAGES.map((stage) => ({ stage, ms: 1 }));
    expect(stoppedCompile(all.slice(0, 5), 20, 10).stage).toBe('finalizing');
  });
});
