// Recognises the server's expired-session answer: 401 { error, code: "session_expired" }.
import { SESSION_EXPIRED_CODE } from './receptionist-config.ts';

export function isSessionExpired(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { code?: unknown }).code === SESSION_EXPIRED_CODE;
}
