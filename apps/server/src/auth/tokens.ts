// Opaque tokens from the CSPRNG (256 bits) and their SHA-256 hashes: only hashes are stored.
import crypto from 'node:crypto';
import { TOKEN_BYTES } from './account-constants.ts';

export function newToken(): string {
  return crypto.randomBytes(TOKEN_BYTES).toString('base64url');
}

export function hashToken(token: string): string {
  return crypto.createHash('sha256').update(token, 'utf8').digest('hex');
}

export function newAccountId(): string {
  return `cus_${crypto.randomBytes(12).toString('hex')}`;
}
