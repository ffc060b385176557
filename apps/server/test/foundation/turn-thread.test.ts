// The thread the compile pool and the policy loader run their jobs in (turn-thread.ts), with a real
// worker thread whose jobs say what it does (helpers/turn-thread-jobs.ts).
import { afterEach, describe, expect, it } from 'vitest';
import { TurnThread } from '../../src/turn-thread.ts';
import type { Answer, Job } from '../helpers/turn-thread-jobs.ts';

const JOBS = new URL('../helpers/turn-thread-jobs.ts', import.meta.url);
const opened: TurnThread<Job, Answer, string>[] = [];
const thread = (timeoutMs = 30_000, module = JOBS) => {
  const made = new TurnThread<Job, Answer, string>(module, 'the test thread', timeoutMs);
  opened.push(made);
  return made;
};
const job = (client: string, does: Job['does'] = 'answer') => (id: number): Job => ({ id, client, does });
afterEach(async () => {
  await Promise.all(opened.splice(0).map((t) => t.close()));
});

describe('a turn thread', () => {
  it('answers jobs one at a time in turns by client, in one warm thread', async () => {
    const turns = thread();
    await turns.warm();
    const finished: Answer[] = [];
    await Promise.all(['a', 'a', 'a', 'b'].map((client) => turns.run(client, job(client)).then((outcome) => 'answer' in outcome && finished.push(outcome.answer))));
    // a's first runs at once; of those waiting, a's next, then b's (its turn), then a's last: a
    // client sending many does not hold b back behind all of them.
    expect(finished.map((answer) => `${answer.client}${answer.id}`)).toEqual(['a1', 'a2', 'b4', 'a3']);
    expect(new Set(finished.map((answer) => answer.thread)).size).toBe(1);
  });

  it('stops a job at the timeout with the progress it reported, and runs the next in a new thread', async () => {
    const turns = thread(300);
    const first = await turns.run('a', job('a'));
    const stopped = await turns.run('a', job('a', 'progress then hang'));
    expect(stopped).toMatchObject({ stopped: true, progress: ['first', 'second'] });
    expect('elapsedMs' in stopped && stopped.elapsedMs).toBeGreaterThanOrEqual(299);
    const after = await turns.run('a', job('a'));
    expect('answer' in first && 'answer' in after && after.answer.thread !== first.answer.thread).toBe(true);
  });

  it('fails the job of a thread that exits, and runs the next in a new thread', async () => {
    const turns = thread();
    const exiting = turns.run('a', job('a', 'exit'));
    const next = turns.run('b', job('b'));
    await expect(exiting).rejects.toThrow('the test thread stopped');
    expect(await next).toMatchObject({ answer: { client: 'b' } });
  });

  it('fails each job of a thread that cannot start, and says so to warm()', async () => {
    const turns = thread(30_000, new URL('../helpers/turn-thread-jobs.ts?fail', import.meta.url));
    await expect(turns.warm()).rejects.toThrow('this thread does not start');
    await expect(turns.run('a', job('a'))).rejects.toThrow('this thread does not start');
    await expect(turns.run('a', job('a'))).rejects.toThrow('this thread does not start');
  });

  it('fails the jobs running and waiting when it closes, and any job after', async () => {
    const turns = thread();
    const running = turns.run('a', job('a', 'progress then hang'));
    const waiting = turns.run('b', job('b'));
    const failed = Promise.all([expect(running).rejects.toThrow('the server is closing'), expect(waiting).rejects.toThrow('the server is closing')]);
    await new Promise((resolve) => setTimeout(resolve, 200));
    await turns.close();
    await failed;
    await expect(turns.run('a', job('a'))).rejects.toThrow('the server is closing');
    await expect(turns.warm()).rejects.toThrow('the server is closing');
  });
});
