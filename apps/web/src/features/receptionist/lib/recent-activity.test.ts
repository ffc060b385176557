import { describe, expect, it } from 'vitest';
import { bookingAssistContext } from './recent-activity.ts';
import { DEMO_HISTORY_STORAGE_KEY } from './receptionist-config.ts';
import { bundlesToCheck } from './verify-checkpoint.ts';

const storage = (value: string | null) => ({ getItem: (key: string) => (key === DEMO_HISTORY_STORAGE_KEY ? value : null) });

describe('booking assist context', () => {
  it("sends the demo's successful compilations and their jurisdictions", () => {
    const history = [
      { id: '1', timestamp: '2026-11-20T10:00:00.000Z', regulation: 'GDPR', jurisdiction: 'EU', opl: 'rego', success: true, legalText: 'x' },
      { id: '2', timestamp: '2026-11-20T11:00:00.000Z', regulation: 'HIPAA', jurisdiction: 'US-HIPAA', opl: 'cedar', success: false, legalText: 'x' },
      { id: '3', timestamp: '2026-11-20T12:00:00.000Z', regulation: 'CCPA', jurisdiction: 'US-CA', opl: 'sql', success: true, legalText: 'x' },
    ];
    expect(bookingAssistContext(storage(JSON.stringify(history)))).toEqual({
      recentCompilations: [
        { regulations: ['GDPR'], format: 'rego', at: '2026-11-20T10:00:00.000Z' },
        { regulations: ['CCPA'], format: 'sql', at: '2026-11-20T12:00:00.000Z' },
      ],
      detectedJurisdictions: ['EU', 'US-CA'],
      userActivity: { compilations: 2 },
    });
  });

  it('copes with no history and with broken storage contents', () => {
    expect(bookingAssistContext(storage(null)).recentCompilations).toEqual([]);
    expect(bookingAssistContext(storage('{not json')).recentCompilations).toEqual([]);
    expect(bookingAssistContext(null).detectedJurisdictions).toEqual([]);
  });
});

describe('which bundles Verify checks', () => {
  const checkpoint = { id: 'c', timestamp: 't', treeSize: 20, rootHash: 'r', signature: 's', keyId: 'k', decisions: ['dec_1'], decisionCount: 10 };

  it("prefers the checkpoint's own bundles", () => {
    expect(bundlesToCheck({ ...checkpoint, bundleIds: ['a', 'b'] }, [{ id: 'own', auditIndex: 3 }])).toEqual({ ids: ['a', 'b'], own: false });
  });

  it("else the visitor's own bundles that the tree contains", () => {
    expect(bundlesToCheck(checkpoint, [{ id: 'in', auditIndex: 19 }, { id: 'out', auditIndex: 20 }, { id: 'unknown' }])).toEqual({ ids: ['in', 'unknown'], own: true });
  });
});
