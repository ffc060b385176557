// Optional phrasing by a model (LLM_BASE_URL: an OpenAI-compatible /v1/chat/completions). The
// model gets the visitor's message, the retrieved facts and the embedded reply, and only words
// them; the compliance path does not depend on it. An empty answer is passed on as '' (the site
// says the AI service is initialising); when the model fails, the embedded reply is the answer,
// with the failure saying why (the receptionist logs it).
import { RECEPTIONIST_LLM_TIMEOUT_MS } from '../constants.ts';
import type { Config } from '../config.ts';

/** The reply to send, and why the model did not word it (null when it did). */
export type Phrased = { response: string; failure: string | null };

const SYSTEM =
  "You are Bytebound's website receptionist. Rephrase the draft reply for the visitor in at most four friendly sentences. Use only the facts given; do not add prices, features, dates or promises that are not in them. Never repeat personal data the visitor typed.";

export async function phraseWithModel(llm: NonNullable<Config['llm']>, input: { message: string; facts: string[]; draft: string }): Promise<Phrased> {
  try {
    const response = await fetch(`${llm.baseUrl.replace(/\/v1$/, '')}/v1/chat/completions`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(llm.apiKey ? { authorization: `Bearer ${llm.apiKey}` } : {}) },
      body: JSON.stringify({
        model: llm.model,
        temperature: 0,
        messages: [
          { role: 'system', content: SYSTEM },
          { role: 'user', content: `Visitor: ${input.message}\n\nFacts:\n${input.facts.map((f) => `- ${f}`).join('\n') || '- (none)'}\n\nDraft reply: ${input.draft}` },
        ],
      }),
      signal: AbortSignal.timeout(RECEPTIONIST_LLM_TIMEOUT_MS),
    });
    if (!response.ok) return { response: input.draft, failure: `the model endpoint answered ${response.status}` };
    const body = (await response.json()) as { choices?: { message?: { content?: unknown } }[] };
    const content = body.choices?.[0]?.message?.content;
    if (typeof content !== 'string') return { response: input.draft, failure: 'the model endpoint answered without a message' };
    return { response: content.trim(), failure: null };
  } catch (error) {
    return { response: input.draft, failure: `the model endpoint could not be reached: ${error instanceof Error ? error.message : String(error)}` };
  }
}
