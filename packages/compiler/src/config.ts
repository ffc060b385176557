// The compiler's constants from spec section 9 (and DESIGN section 8), named as the spec names
// them. Every other module imports them from here; a number elsewhere is a bug.
import type { Jurisdiction } from './policy-model.ts';

/** Legal text minimum, in characters (spec section 5). */
export const LEGAL_TEXT_MIN_LENGTH = 10;
/** Soft maximum, in characters: over it the text is accepted with a warning (spec section 5). */
export const LEGAL_TEXT_SOFT_MAX_LENGTH = 50_000;
/** Hard limit, in UTF-8 bytes (1 MB): analyze() rejects larger input with a LegalTextError. */
export const LEGAL_TEXT_HARD_LIMIT_BYTES = 1_048_576;
/** Texts longer than this (characters) should carry structure words (spec section 5). */
export const STRUCTURE_CHECK_MIN_LENGTH = 200;
/** Live validation runs this long after the last keystroke (spec section 9: compile debounce). */
export const COMPILE_DEBOUNCE_MS = 500;

/** Compile defaults to US when no jurisdiction is detected (spec section 5). */
export const DEFAULT_JURISDICTION: Jurisdiction = 'US';

/** Performance tiers of a compile, in milliseconds (DESIGN section 8). */
export const PERFORMANCE_TIERS = { lightning: 50, excellent: 75, good: 100 } as const;
export type PerformanceTier = 'lightning' | 'excellent' | 'good' | 'needs optimization';

export function performanceTier(milliseconds: number): PerformanceTier {
  if (milliseconds < PERFORMANCE_TIERS.lightning) return 'lightning';
  if (milliseconds < PERFORMANCE_TIERS.excellent) return 'excellent';
  if (milliseconds < PERFORMANCE_TIERS.good) return 'good';
  return 'needs optimization';
}

/** Spec section 9, performance. */
export const ARBITER_TIMEOUT_MS = 5_000;
export const SYNTHESIS_TIMEOUT_MS = 10_000;
export const MAX_PARALLEL_ARBITERS = 10;
/** Target and maximum decision latency (spec section 9: "target latency 75, max latency 5,000"). */
export const TARGET_LATENCY_US = 75;
export const MAX_LATENCY_MS = 5_000;

/** Compile progress marks, one per completed stage (DESIGN section 8). */
export const STAGE_PROGRESS = {
  validating: 15,
  parsing: 30,
  analyzing: 50,
  generating: 70,
  optimizing: 85,
  finalizing: 95,
  complete: 100,
} as const;
