// The auth calls of spec section 7 and the credentials the browser keeps (authToken, customerId).
import { AUTH_TOKEN_STORAGE_KEY, CUSTOMER_ID_STORAGE_KEY } from '../../../config/constants.ts';
import { apiClient } from '../../../lib/api-client.ts';

export type AuthResponse = { success: boolean; token?: string; customerId?: string; error?: string };

export type RegisterRequest = {
  firstName: string;
  lastName: string;
  email: string;
  companyName: string;
  password: string;
  subscribeNewsletter: boolean;
  acceptTerms: boolean;
  termsVersion: string;
};

/** The version of the terms the register form links to. */
export const TERMS_VERSION = '2026-01';

export const signIn = (body: { email: string; password: string; rememberMe: boolean }) => apiClient.post<AuthResponse>('/api/auth/signin', body);
export const register = (body: RegisterRequest) => apiClient.post<AuthResponse>('/api/auth/register', body);
export const forgotPassword = (email: string) => apiClient.post<unknown>('/api/auth/forgot-password', { email });
export const resetPassword = (token: string, password: string) => apiClient.post<{ success: boolean; message?: string }>('/api/auth/reset-password', { token, password });

export function storeCredentials(token: string, customerId: string): void {
  localStorage.setItem(AUTH_TOKEN_STORAGE_KEY, token);
  localStorage.setItem(CUSTOMER_ID_STORAGE_KEY, customerId);
}
