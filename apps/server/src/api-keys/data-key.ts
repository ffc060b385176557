// The data key: AES-256-GCM key that encrypts secrets at rest (API key secrets, which HMAC
// signatures need in the clear). From DATA_KEY (32 bytes, base64) so several instances agree, or a
// key file created on first start in the data directory with mode 0600.
import crypto from 'node:crypto';
import path from 'node:path';
import { readOrCreateKeyFile } from '@bytebound/engine/key-file';
import { makeFolder } from '@bytebound/engine/make-folder';

const KEY_BYTES = 32;
const IV_BYTES = 12;
const TAG_BYTES = 16;
export const DATA_KEY_FILE = 'data.key';

export type DataKey = { key: Buffer };

/** Reads DATA_KEY, else the key file of the data directory, creating it (0600) when absent. */
export function loadDataKey(options: { dataKey: string | undefined; dataDir: string }): DataKey {
  if (options.dataKey !== undefined) return { key: decodeKey(options.dataKey, 'DATA_KEY') };
  const file = path.join(options.dataDir, DATA_KEY_FILE);
  makeFolder(options.dataDir);
  // Never overwrites a key another process created a moment ago.
  return { key: decodeKey(readOrCreateKeyFile(file, () => `${crypto.randomBytes(KEY_BYTES).toString('base64')}\n`).trim(), file) };
}

function decodeKey(text: string, origin: string): Buffer {
  const key = Buffer.from(text.trim(), 'base64');
  if (key.length !== KEY_BYTES || key.toString('base64') !== text.trim()) {
    throw new Error(`${origin} must be ${KEY_BYTES} bytes in base64 (for example: openssl rand -base64 32)`);
  }
  return key;
}

/** iv || tag || ciphertext, base64. The associated data binds a ciphertext to its row. */
export function encryptSecret(dataKey: DataKey, plaintext: string, associatedData: string): string {
  const iv = crypto.randomBytes(IV_BYTES);
  const cipher = crypto.createCipheriv('aes-256-gcm', dataKey.key, iv);
  cipher.setAAD(Buffer.from(associatedData, 'utf8'));
  const ciphertext = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
  return Buffer.concat([iv, cipher.getAuthTag(), ciphertext]).toString('base64');
}

/** Throws when the ciphertext was altered, moved to another row, or made under another key. */
export function decryptSecret(dataKey: DataKey, sealed: string, associatedData: string): string {
  const bytes = Buffer.from(sealed, 'base64');
  const decipher = crypto.createDecipheriv('aes-256-gcm', dataKey.key, bytes.subarray(0, IV_BYTES));
  decipher.setAAD(Buffer.from(associatedData, 'utf8'));
  decipher.setAuthTag(bytes.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
  return Buffer.concat([decipher.update(bytes.subarray(IV_BYTES + TAG_BYTES)), decipher.final()]).toString('utf8');
}
