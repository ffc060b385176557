// The chat's pure rules: what may be sent (trimmed, cut to the input limit, blank ignored), how the
// history is trimmed, and how a reply becomes a message in each view (spec sections 4, 5 and 8):
// the modal maps the server's answer, the chat panel guards whatever its sender gives back.
import { CHAT_HISTORY_KEEP, CHAT_HISTORY_TRIM_AT, CHAT_INPUT_MAX_CHARS } from '../../../config/constants.ts';
import type { ChatAction, ChatResponse, ComplianceValidation } from '../api/receptionist-api.ts';
import {
  MODAL_ERROR_TEXT,
  MODAL_FALLBACK_TEXT,
  MODAL_INITIALIZING_TEXT,
  MODAL_UNREACHABLE_TEXT,
  PANEL_EMPTY_REPLY_TEXT,
  PANEL_SEND_ERROR_TEXT,
} from './receptionist-config.ts';

export type ComplianceStatus = 'allowed' | 'blocked' | 'pending';

/** Spec section 3's chat message, plus what the view shows beside it. */
export type ChatMessage = {
  id: string;
  sender: 'user' | 'ai';
  text: string;
  timestamp: number;
  complianceStatus: ComplianceStatus;
  metadata?: { sessionId?: string; executionTime?: number; regulation?: string };
  /** The article that decided (user messages) or that the reply rests on. */
  article?: string;
  /** What the engine decided about the personal data in a user message. */
  validation?: ComplianceValidation;
  actions?: ChatAction[];
  /** A notice such as Art. 13's transparency text: shown apart from the conversation. */
  kind?: 'notice';
};

/** What a sender hands back to the chat panel for one message. */
export type ChatReply = {
  text: string;
  status: ComplianceStatus;
  /** The decision on the visitor's own message, when the server made one. */
  userStatus?: ComplianceStatus;
  article?: string;
  executionTime?: number;
  validation?: ComplianceValidation;
  actions?: ChatAction[];
};

/** The text that is sent for an input, or null when there is nothing to send. */
export function messageToSend(input: string): string | null {
  const text = input.trim().slice(0, CHAT_INPUT_MAX_CHARS);
  return text.length === 0 ? null : text;
}

/** Appends and, once CHAT_HISTORY_TRIM_AT messages are reached, keeps the newest CHAT_HISTORY_KEEP. */
export function appendMessages(history: readonly ChatMessage[], ...added: ChatMessage[]): ChatMessage[] {
  const next = [...history, ...added];
  return next.length >= CHAT_HISTORY_TRIM_AT ? next.slice(-CHAT_HISTORY_KEEP) : next;
}

/** Modal chat: the server's answer (null when there was none) as a reply, per spec section 8. */
export function modalReply(result: ChatResponse | null): ChatReply {
  if (result === null || typeof result !== 'object') return { text: MODAL_UNREACHABLE_TEXT, status: 'pending' };
  const userStatus: ComplianceStatus = result.exitCode === 0 ? 'allowed' : 'blocked';
  const decided = {
    userStatus,
    article: result.article ?? undefined,
    executionTime: result.executionTime,
    validation: result.complianceValidation,
    actions: result.actions,
  };
  if (result.fallback) return { ...decided, text: MODAL_FALLBACK_TEXT, status: 'pending' };
  if (typeof result.response !== 'string' || result.response.trim() === '') return { ...decided, text: MODAL_INITIALIZING_TEXT, status: 'pending' };
  return { ...decided, text: result.response, status: 'allowed' };
}

/** Modal chat: a failed call. A network failure is "no result"; any other failure an exception. */
export function modalFailure(error: unknown): ChatReply {
  if (error instanceof Error && error.message === 'Network Error' && !(error.cause && typeof error.cause === 'object' && 'status' in error.cause)) {
    return { text: MODAL_UNREACHABLE_TEXT, status: 'pending' };
  }
  return { text: MODAL_ERROR_TEXT, status: 'blocked' };
}

/** Chat panel: whatever the sender gave back, guarded per spec section 8. */
export async function panelReply(send: () => Promise<ChatReply>): Promise<ChatReply> {
  try {
    const reply = await send();
    if (!reply || typeof reply.text !== 'string' || reply.text.trim() === '') return { ...reply, text: PANEL_EMPTY_REPLY_TEXT, status: reply?.status ?? 'pending' };
    return reply;
  } catch {
    return { text: PANEL_SEND_ERROR_TEXT, status: 'blocked' };
  }
}

let counter = 0;
export function messageId(prefix: string): string {
  counter += 1;
  return `${prefix}-${Date.now().toString(36)}-${counter}`;
}
