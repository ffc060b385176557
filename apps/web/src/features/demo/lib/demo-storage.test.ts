import { describe, expect, it } from 'vitest';
import { CompileError, readCompileAnswer } from '../api/compile-demo.ts';
import { HISTORY_MAX_ENTRIES, INVALID_RESULT_MESSAGE } from './demo-config.ts';
import { abVariant, addHistoryEntry, readHistory, readPreferredFormat, writePreferredFormat, type HistoryEntry } from './demo-storage.ts';

function memoryStorage(initial: Record<string, string> = {}) {
  const data = new Map(Object.entries(initial));
  return { getItem: (k: string) => data.get(k) ?? null, setItem: (k: string, v: string) => void data.set(k, v), data };
}

const entry = (id: string, success = true): HistoryEntry => ({
  id,
  timestamp: '2026-01-01T00:00:00.000Z',
  regulation: 'GDPR',
  jurisdiction: 'EU',
  opl: 'rego',
  compilationTime: 12.5,
  success,
  preview: success ? 'package bytebound' : null,
  error: success ? null : 'Internal server error',
  legalText: 'Article 17 ...',
});

describe('demo storage', () => {
  it('chooses the A/B variant once and keeps it', () => {
    const store = memoryStorage();
    expect(abVariant(store, () => 0.9)).toBe('B');
    expect(abVariant(store, () => 0.1)).toBe('B');
    expect(abVariant(memoryStorage(), () => 0.1)).toBe('A');
  });

  it('remembers a known format and ignores anything else', () => {
    const store = memoryStorage();
    expect(readPreferredFormat(store)).toBeNull();
    writePreferredFormat('wasm', store);
    expect(readPreferredFormat(store)).toBe('wasm');
    expect(readPreferredFormat(memoryStorage({ preferredOutputFormat: 'cobol' }))).toBeNull();
  });

  it('keeps the newest history entries first, bounded, and survives corrupt storage', () => {
    const store = memoryStorage();
    for (let i = 0; i < HISTORY_MAX_ENTRIES + 5; i++) addHistoryEntry(entry(`c${i}`, i % 2 === 0), store);
    const history = readHistory(store);
    expect(history).toHaveLength(HISTORY_MAX_ENTRIES);
    expect(history[0]!.id).toBe(`c${HISTORY_MAX_ENTRIES + 4}`);
    expect(readHistory(memoryStorage({ 'bytebound:demo-history': '{not json' }))).toEqual([]);
    expect(readHistory(memoryStorage({ 'bytebound:demo-history': '[{"id":1}]' }))).toEqual([]);
  });
});

describe('reading the compile answer as the spec client does', () => {
  it('finds the output in output, result.output, phases.compiled or phases.generated', () => {
    expect(readCompileAnswer({ status: 'success', output: 'a' }).output).toBe('a');
    expect(readCompileAnswer({ success: true, result: { output: 'b' } }).output).toBe('b');
    expect(readCompileAnswer({ status: 'success', phases: { compiled: 'c' } }).output).toBe('c');
    expect(readCompileAnswer({ status: 'success', phases: { generated: 'd' } }).output).toBe('d');
  });

  it("fails with the server's error text, or 'Invalid compilation result'", () => {
    expect(() => readCompileAnswer({ status: 'error', error: 'Legal text must be at least 10 characters long.', stage: 'validating' })).toThrow('Legal text must be at least 10 characters long.');
    expect(() => readCompileAnswer({ status: 'success' })).toThrow(INVALID_RESULT_MESSAGE);
    expect(() => readCompileAnswer('nonsense')).toThrow(CompileError);
  });
});
