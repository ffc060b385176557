// The receptionist's calls (contract of issue 8): the session (which sets the visitor's HttpOnly
// cookie), a chat message, a consent answer, the GDPR rights and booking assist. The client's
// session and user ids are labels; the server knows the visitor by the cookie alone.
import { apiClient } from '../../../lib/api-client.ts';
import type { GdprAction } from '../lib/receptionist-config.ts';

export type ReceptionistSession = {
  sessionId: string;
  customerId: string;
  apiKey: string;
  name: string;
  tier: string;
  features: Record<string, boolean>;
  expiresInMs: number;
  inactivityTimeoutMs: number;
  transparency: string;
  consent: { followUp: boolean; newsletter: boolean };
  greeting: string;
};

export type ProofBundleSummary = {
  id: string;
  timestamp: string;
  hash: string;
  signature: string;
  decision: 'ALLOW' | 'DENY';
  executionTime: number;
  customerId: string;
  /** The bundle's place in the audit log (for verifying its inclusion in a checkpoint). */
  auditIndex?: number;
};

export type ValidationDecision = {
  id: string;
  action: string;
  target: string;
  dataCategory: string;
  exitCode: 0 | 2;
  article: string | null;
  reason: string;
  stored: boolean;
  executionTimeUs: number;
};

export type ComplianceValidation = {
  protocol: 'MCP' | 'HTTP';
  decisions: ValidationDecision[];
  personalData: Array<{ category: string; stored: boolean }>;
  notice?: string;
};

export type Slot = { start: string; end: string };

export type ChatAction =
  | { type: 'consent_request'; purpose: 'follow_up' | 'newsletter'; text: string }
  | { type: 'booking_offer'; slots: Slot[] }
  | { type: 'booking_confirmed'; booking: Record<string, unknown>; icsUrl?: string }
  | { type: 'link'; href: string; label: string };

export type ChatResponse = {
  response: string;
  fallback: boolean;
  exitCode: 0 | 2;
  /** Null when no regulation restricts the message (no personal data). */
  article: string | null;
  executionTime: number;
  proofBundle: ProofBundleSummary | null;
  conversationLength: number;
  intent: string;
  complianceValidation?: ComplianceValidation;
  actions?: ChatAction[];
};

export type GdprResponse = {
  action: string;
  label?: string;
  response: string;
  data?: Record<string, unknown>;
  proofBundle?: ProofBundleSummary;
};

export type ContactDetails = { name?: string; email?: string; company?: string; interest?: string };

export const receptionistPaths = {
  session: '/api/poc-ai-chat/session',
  chat: '/api/poc-ai-chat',
  consent: '/api/poc-ai-chat/consent',
  gdprRights: '/api/poc-ai-chat/gdpr-rights',
  storeConversation: '/api/database/store-conversation',
  bookingAssist: '/api/ai-domain/booking_assist',
  stream: '/api/poc-ai-chat/stream',
  keys: '/api/v1/keys',
  inclusionProof: (id: string, size: number) => `/api/v1/audit/proof/${encodeURIComponent(id)}?size=${size}`,
} as const;

export function fetchSession(): Promise<ReceptionistSession> {
  return apiClient.get<ReceptionistSession>(receptionistPaths.session);
}

export function sendChatMessage(session: ReceptionistSession, message: string, userLabel: string): Promise<ChatResponse | null> {
  return apiClient.post<ChatResponse | null>(
    receptionistPaths.chat,
    { message, sessionId: session.sessionId, customerId: session.customerId, apiKey: session.apiKey },
    { headers: { 'x-session-id': session.sessionId, 'x-user-id': userLabel } },
  );
}

export type ConsentResponse = { consent: Record<string, unknown>; proofBundle?: ProofBundleSummary | null };

export function answerConsent(purpose: 'follow_up' | 'newsletter', granted: boolean): Promise<ConsentResponse> {
  return apiClient.post<ConsentResponse>(receptionistPaths.consent, { purpose, granted });
}

export function requestGdprRight(session: ReceptionistSession, action: GdprAction, details?: ContactDetails): Promise<GdprResponse> {
  return apiClient.post<GdprResponse>(receptionistPaths.gdprRights, { action, customerId: session.customerId, ...(details ? { details } : {}) });
}

export type BookingAssistContext = {
  recentCompilations: Array<{ regulations: string[]; format?: string; at?: string }>;
  metrics?: Record<string, number>;
  detectedJurisdictions: string[];
  userActivity?: Record<string, number | string>;
};

export type BookingAssistResponse = {
  status: 'success' | 'error';
  data?: { message: string; suggestedTime: string; personalization?: Record<string, unknown> };
  error?: string;
};

export function bookingAssist(context: BookingAssistContext): Promise<BookingAssistResponse> {
  return apiClient.post<BookingAssistResponse>(receptionistPaths.bookingAssist, { type: 'booking_assist', context });
}
