import { describe, expect, it } from 'vitest';
import { CHAT_HISTORY_KEEP, CHAT_HISTORY_TRIM_AT, CHAT_INPUT_MAX_CHARS } from '../../../config/constants.ts';
import type { ChatResponse } from '../api/receptionist-api.ts';
import { type ChatMessage, appendMessages, messageToSend, modalFailure, modalReply, panelReply } from './chat-log.ts';

const message = (i: number): ChatMessage => ({ id: `m${i}`, sender: i % 2 ? 'ai' : 'user', text: `message ${i}`, timestamp: i, complianceStatus: 'allowed' });

const answer = (over: Partial<ChatResponse>): ChatResponse => ({
  response: 'We answer from our docs.',
  fallback: false,
  exitCode: 0,
  article: 'GDPR Art. 6(1)(b)',
  executionTime: 4.2,
  proofBundle: null,
  conversationLength: 2,
  intent: 'product',
  ...over,
});

describe('what the chat sends', () => {
  it('ignores blank input and trims', () => {
    expect(messageToSend('')).toBeNull();
    expect(messageToSend('  \n\t ')).toBeNull();
    expect(messageToSend('  hello  ')).toBe('hello');
  });

  it('cuts to the input limit after trimming', () => {
    const sent = messageToSend(`  ${'x'.repeat(CHAT_INPUT_MAX_CHARS + 250)}`);
    expect(sent).toHaveLength(CHAT_INPUT_MAX_CHARS);
  });
});

describe('the history', () => {
  it('keeps the newest 50 once 100 messages are reached', () => {
    let history: ChatMessage[] = [];
    for (let i = 0; i < CHAT_HISTORY_TRIM_AT - 1; i++) history = appendMessages(history, message(i));
    expect(history).toHaveLength(CHAT_HISTORY_TRIM_AT - 1);
    history = appendMessages(history, message(CHAT_HISTORY_TRIM_AT - 1));
    expect(history).toHaveLength(CHAT_HISTORY_KEEP);
    expect(history.at(-1)!.id).toBe(`m${CHAT_HISTORY_TRIM_AT - 1}`);
    expect(history[0]!.id).toBe(`m${CHAT_HISTORY_TRIM_AT - CHAT_HISTORY_KEEP}`);
  });
});

describe('modal chat replies (spec section 8)', () => {
  it('shows the reply as allowed and the visitor message as decided', () => {
    expect(modalReply(answer({}))).toMatchObject({ text: 'We answer from our docs.', status: 'allowed', userStatus: 'allowed', article: 'GDPR Art. 6(1)(b)' });
    expect(modalReply(answer({ exitCode: 2, article: 'GDPR Art. 9' }))).toMatchObject({ status: 'allowed', userStatus: 'blocked', article: 'GDPR Art. 9' });
  });

  it('has its own text for fallback, no text, no result and an exception', () => {
    expect(modalReply(answer({ fallback: true }))).toMatchObject({ text: "I apologize, but I'm currently unable to process your request. Our team has been notified.", status: 'pending' });
    expect(modalReply(answer({ response: '' }))).toMatchObject({ text: 'The AI service is initializing. Please try again in a moment.', status: 'pending' });
    expect(modalReply(null)).toMatchObject({ text: 'Unable to connect to the AI service. Please check your connection.', status: 'pending' });
    expect(modalFailure(new Error('Network Error'))).toMatchObject({ text: 'Unable to connect to the AI service. Please check your connection.' });
    expect(modalFailure({ error: 'Too many requests' })).toEqual({ text: 'An error occurred while processing your message. Please try again.', status: 'blocked' });
    expect(modalFailure(new Error('Network Error', { cause: { status: 502 } }))).toMatchObject({ status: 'blocked' });
  });
});

describe('chat panel replies (spec section 8)', () => {
  it('passes a reply through', async () => {
    expect(await panelReply(async () => ({ text: 'hi', status: 'allowed' }))).toEqual({ text: 'hi', status: 'allowed' });
  });

  it('has its own text for an empty reply and for an exception (blocked)', async () => {
    expect(await panelReply(async () => ({ text: '  ', status: 'allowed' }))).toMatchObject({ text: 'I apologize, but I encountered an issue processing your request.' });
    expect(await panelReply(() => Promise.reject(new Error('boom')))).toEqual({ text: 'I apologize, but I encountered an error. Please try again.', status: 'blocked' });
  });
});
