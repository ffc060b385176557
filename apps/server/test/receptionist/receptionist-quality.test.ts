// The receptionist on its labelled visitor messages, through the real endpoint: each message in a
// fresh session (its own visitor and address). Floors: intent accuracy >= 90 % (the first,
// untuned score was 92.1 %, with the labels written before any tuning; the floor keeps that level
// with two points of margin), decision correctness >= 97 % (first score 98.4 %).
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LABELLED_MESSAGES } from '../../src/receptionist/quality.ts';
import { createTestApp, type TestApp, testDialect } from '../helpers/test-app.ts';

const INTENT_ACCURACY_FLOOR = 0.9;
const DECISION_CORRECTNESS_FLOOR = 0.97;

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

async function ask(app: FastifyInstance, message: string, address: string) {
  const session = await app.inject({ method: 'GET', url: '/api/poc-ai-chat/session', remoteAddress: address });
  const cookie = String(session.headers['set-cookie']).split(';')[0]!;
  const response = await app.inject({ method: 'POST', url: '/api/poc-ai-chat', remoteAddress: address, headers: { cookie }, payload: { message } });
  expect(response.statusCode).toBe(200);
  return response.json<{ intent: string; exitCode: number; article: string | null; complianceValidation: { personalData: { category: string; stored: boolean }[] } }>();
}

describe(`receptionist quality on ${LABELLED_MESSAGES.length} labelled messages (${testDialect})`, () => {
  it('keeps intent accuracy and decision correctness above their floors, and never stores special categories', { timeout: 120_000 }, async () => {
    expect(LABELLED_MESSAGES.length).toBeGreaterThanOrEqual(100);
    let intents = 0;
    let decisions = 0;
    for (const [i, m] of LABELLED_MESSAGES.entries()) {
      const out = await ask(t.app, m.text, `10.8.${Math.floor(i / 250)}.${i % 250}`);
      if (out.intent === m.intent) intents++;
      if (out.exitCode === m.expected.exitCode && out.article === m.expected.article) decisions++;
      for (const item of out.complianceValidation.personalData) if (item.category === 'health' || item.category === 'special_category') expect(item.stored).toBe(false);
    }
    expect(intents / LABELLED_MESSAGES.length).toBeGreaterThanOrEqual(INTENT_ACCURACY_FLOOR);
    expect(decisions / LABELLED_MESSAGES.length).toBeGreaterThanOrEqual(DECISION_CORRECTNESS_FLOOR);
  });
});
