// Record ids of the leads: a kind prefix and 96 random bits.
import crypto from 'node:crypto';

export function newLeadId(prefix: 'pr' | 'ct' | 'ns'): string {
  return `${prefix}_${crypto.randomBytes(12).toString('hex')}`;
}
