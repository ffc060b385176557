// The account calls: everything needs the stored token and the session cookie.
import { AUTH_TOKEN_STORAGE_KEY, CUSTOMER_ID_STORAGE_KEY } from '../../../config/constants.ts';
import { apiClient } from '../../../lib/api-client.ts';

export type AccountSummary = {
  profile: { customerId: string; email: string; firstName: string; lastName: string; companyName: string };
  /** `contract`: the enterprise tier an operator set after a sales contract, standing over the plan (then no trial, no billing cycle). */
  plan: { id: string; contract: string | null; name: string; status: string; billingCycle: string | null; trialEndsAt: string | null; trialDaysLeft: number; trialExpired: boolean };
  entitlements: { apiCallsPerMonth: number; customArbiters: number; rulesPerArbiter: number; auditRetentionDays: number; webhooks: boolean };
  usage: { calls: number; limit: number };
};

export type ApiKey = { id: string; name: string; prefix: string; createdAt: string; lastUsedAt: string | null; revokedAt: string | null };
export type Decision = { id: string; decision: string; exitCode: number; article: string | null; latencyUs: number; at: string; proofBundle: string | null };

export type CustomArbiters = { allowed: number; rulesPerArbiter: number; arbiters: { id: string; name: string; version: number; rules: number; updatedAt: string }[] };

export const loadArbiters = () => apiClient.get<CustomArbiters>('/api/account/arbiters');
export type WebhookStatus = { allowed: boolean; webhook: { url: string; createdAt: string } | null; deliveries: { delivered: number; failed: number; pending: number } };

export const loadWebhook = () => apiClient.get<WebhookStatus>('/api/account/webhook');
export const saveWebhook = (url: string) => apiClient.request<{ url: string; secret: string }>('/api/account/webhook', { method: 'PUT', body: { url } });
export const removeWebhook = () => apiClient.request<{ deleted: boolean }>('/api/account/webhook', { method: 'DELETE', body: {} });
export const eraseSubject = (subject: string) => apiClient.post<{ erased: boolean; message: string }>('/api/account/subjects/erase', { subject });
export const loadAccount = () => apiClient.get<AccountSummary>('/api/account');
export const loadKeys = () => apiClient.get<{ keys: ApiKey[] }>('/api/account/keys');
export const createKey = (name: string) => apiClient.post<{ key: ApiKey & { key: string } }>('/api/account/keys', { name });
export const revokeKey = (id: string) => apiClient.request<{ revoked: boolean }>(`/api/account/keys/${encodeURIComponent(id)}`, { method: 'DELETE', body: {} });
export const loadDecisions = () => apiClient.get<{ decisions: Decision[] }>('/api/account/decisions');
export const changePassword = (currentPassword: string, newPassword: string) => apiClient.post<{ success: boolean }>('/api/account/password', { currentPassword, newPassword });
export const signOut = (everywhere: boolean) => apiClient.post<{ success: boolean }>('/api/auth/logout', { everywhere });
export const exportData = () => apiClient.post<unknown>('/api/gdpr/access', {});
export const deleteAccount = (password: string) => apiClient.post<{ success: boolean }>('/api/gdpr/delete', { password });

export function hasStoredToken(): boolean {
  try {
    return Boolean(localStorage.getItem(AUTH_TOKEN_STORAGE_KEY));
  } catch {
    return false;
  }
}

export function clearCredentials(): void {
  try {
    localStorage.removeItem(AUTH_TOKEN_STORAGE_KEY);
    localStorage.removeItem(CUSTOMER_ID_STORAGE_KEY);
  } catch {
    // Storage blocked: nothing was stored.
  }
}

/** The server's error text, or a fallback. */
export function errorText(error: unknown, fallback: string): string {
  if (error && typeof error === 'object' && 'error' in error && typeof error.error === 'string') return error.error;
  if (error instanceof Error && error.message === 'Network Error') return 'Unable to connect to the server. Please try again.';
  return fallback;
}

export const isUnauthorized = (error: unknown) =>
  Boolean(error && typeof error === 'object' && 'error' in error && (error.error === 'Please sign in.' || error.error === 'Your session has ended. Please sign in again.'));
