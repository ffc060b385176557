import { describe, expect, it } from 'vitest';
import { GDPR_ACTIONS } from '../lib/receptionist-config.ts';
import { progressLabel } from './gdpr-rights-panel.tsx';

describe('GDPR progress labels', () => {
  it('gives every action its own label and unmapped ones the generic text', () => {
    const labels = GDPR_ACTIONS.map((a) => progressLabel(a.action));
    expect(new Set(labels).size).toBe(GDPR_ACTIONS.length);
    expect(progressLabel('object')).toBe('Processing your request.');
  });
});
