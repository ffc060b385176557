// The #metrics section's figures as a visitor reads them: before they arrive, before the first
// decision, and after many.
import { expect, it } from 'vitest';
import { counterFigures, liveDemoFigures } from './metrics-figures.ts';

const values = (figures: Array<[string, string]>) => figures.map(([, value]) => value);

it('shows a dash in every card until the figures arrive', () => {
  expect(values(counterFigures(null))).toEqual(['—', '—', '—', '—', '—']);
  expect(values(liveDemoFigures(null))).toEqual(['—', '—', '—']);
});

it('says none yet for an average of no decisions, not 0 µs', () => {
  const empty = { totalDecisions: 0, allowedDecisions: 0, blockedDecisions: 0, averageExecutionTime: 0, uptime: 82 };
  expect(values(counterFigures(empty))).toEqual(['0', '0', '0', 'none yet', '00:01:22']);
  expect(values(liveDemoFigures({ totalDecisions: 0, complianceRate: null, averageLatencyUs: null }))).toEqual(['0', 'none yet', 'none yet']);
});

it('groups thousands, gives at most one decimal and counts uptime in hours past a day', () => {
  const busy = { totalDecisions: 1_234_567, allowedDecisions: 1_200_000, blockedDecisions: 34_567, averageExecutionTime: 19_502.94, uptime: 90_061 };
  expect(counterFigures(busy)).toEqual([
    ['Decisions signed', '1,234,567'],
    ['Allowed', '1,200,000'],
    ['Blocked', '34,567'],
    ['Average engine time', '19,502.9 µs'],
    ['Server uptime', '25:01:01'],
  ]);
  expect(values(liveDemoFigures({ totalDecisions: 5, complianceRate: 80, averageLatencyUs: 41.25 }))).toEqual(['5', '80.0%', '41.3 µs']);
});
