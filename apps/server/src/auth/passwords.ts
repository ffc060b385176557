// Password hashing (argon2id, m = 19 MiB, t = 2, p = 1) and the password rules: at least 8
// characters and none of the 10,000 most common passwords (SecLists, shipped as common-passwords.txt).
import fs from 'node:fs';
import path from 'node:path';
import { type Algorithm, hash, verify } from '@node-rs/argon2';
import { ARGON2_MEMORY_KIB, ARGON2_PARALLELISM, ARGON2_TIME_COST, PASSWORD_MAX_CHARS, PASSWORD_MIN_CHARS } from './account-constants.ts';

/** Algorithm.Argon2id: a const enum, which isolated modules cannot read by name. */
const ARGON2ID = 2 as Algorithm;
const options = { algorithm: ARGON2ID, memoryCost: ARGON2_MEMORY_KIB, timeCost: ARGON2_TIME_COST, parallelism: ARGON2_PARALLELISM };

export const PASSWORD_MESSAGES = {
  required: 'Password is required',
  tooShort: `Password must be at least ${PASSWORD_MIN_CHARS} characters`,
  tooLong: `Password must be at most ${PASSWORD_MAX_CHARS} characters`,
  common: 'This password is one of the 10,000 most common passwords. Please choose a less common one.',
} as const;

let common: Set<string> | undefined;

/** The shipped list, loaded once (lower-cased: 'Password1' is as guessable as 'password1'). */
export function commonPasswords(): Set<string> {
  common ??= new Set(
    fs
      .readFileSync(path.join(import.meta.dirname, 'common-passwords.txt'), 'utf8')
      .split('\n')
      .map((line) => line.trim().toLowerCase())
      .filter(Boolean),
  );
  return common;
}

/** The message for a password that breaks a rule, or null when it is acceptable. */
export function passwordProblem(password: string): string | null {
  if (password.length === 0) return PASSWORD_MESSAGES.required;
  // Characters by code point; a text over twice the maximum in UTF-16 units is too long whatever it holds.
  const characters = password.length > 2 * PASSWORD_MAX_CHARS ? Infinity : [...password].length;
  if (characters > PASSWORD_MAX_CHARS) return PASSWORD_MESSAGES.tooLong;
  if (characters < PASSWORD_MIN_CHARS) return PASSWORD_MESSAGES.tooShort;
  if (commonPasswords().has(password.toLowerCase())) return PASSWORD_MESSAGES.common;
  return null;
}

export function hashPassword(password: string): Promise<string> {
  return hash(password, options);
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

let dummy: Promise<string> | undefined;

/** A hash of nothing anyone knows: verified against when the account does not exist, so both paths cost one argon2 run. */
export function dummyHash(): Promise<string> {
  dummy ??= hashPassword(`no account ${Math.random()}`);
  return dummy;
}
