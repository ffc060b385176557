// fast-check generators of policies and complete requests over the whole vocabulary, for the
// engine's differential and robustness tests.
import fc from 'fast-check';
import {
  ACTIONS,
  BOOLEAN_ATTRIBUTES,
  type CompleteRequest,
  type Condition,
  DESTINATIONS,
  ENUM_ATTRIBUTES,
  type EnumAttribute,
  JURISDICTIONS,
  LEGAL_BASES,
  OPCODE_COUNT,
  type Policy,
  PRINCIPAL_ROLES,
  REGULATIONS,
  type Rule,
  SUBJECT_REQUESTS,
  TARGETS,
  TIMINGS,
} from '@bytebound/compiler/policy-model';

const enumAttributes = Object.keys(ENUM_ATTRIBUTES) as EnumAttribute[];

export const condition: fc.Arbitrary<Condition> = fc.oneof(
  fc.record({ attribute: fc.constantFrom(...BOOLEAN_ATTRIBUTES), equals: fc.boolean() }),
  fc.constantFrom(...enumAttributes).chain((attribute) =>
    fc.subarray([...(ENUM_ATTRIBUTES[attribute] as readonly string[])], { minLength: 1 }).map((values) => ({ attribute, in: values }) as Condition),
  ),
  fc.record({ attribute: fc.constant('elapsed' as const), greaterThan: fc.integer({ min: 0, max: 100 }) }),
);

/** A policy of up to 12 rules over a few opcodes, so that rules overlap and interact. */
export const policy: fc.Arbitrary<Policy> = fc
  .record({
    regulations: fc.uniqueArray(
      fc.record({
        id: fc.constantFrom(...REGULATIONS),
        jurisdiction: fc.constantFrom(...JURISDICTIONS),
        covers: fc.subarray([...TARGETS], { minLength: 1 }),
      }),
      { minLength: 1, maxLength: 4, selector: (r) => r.id },
    ),
    opcodePool: fc.uniqueArray(fc.integer({ min: 0, max: OPCODE_COUNT - 1 }), { minLength: 1, maxLength: 6 }),
    enforcementLevel: fc.constantFrom('strict', 'moderate', 'permissive' as const),
  })
  .chain(({ regulations, opcodePool, enforcementLevel }) =>
    fc
      .array(
        fc.record({
          effect: fc.constantFrom('permit', 'forbid' as const),
          regulation: fc.constantFrom(...regulations.map((r) => r.id)),
          opcodes: fc.subarray(opcodePool, { minLength: 1 }),
          when: fc.array(condition, { maxLength: 2 }),
          unless: fc.array(condition, { maxLength: 2 }),
          priority: fc.integer({ min: 0, max: 100 }),
        }),
        { maxLength: 12 },
      )
      .map((rules) => ({
        formatVersion: 1 as const,
        regulations,
        enforcementLevel,
        destinations: [],
        rules: rules.map(
          (r, i): Rule => ({
            ...r,
            id: `rule-${i}`,
            opcodes: [...r.opcodes].sort((a, b) => a - b),
            article: `${r.regulation} Art. ${i + 1}`,
            reason: `reason ${i}`,
            quote: '',
            review: [],
            origin: 'text',
          }),
        ),
      })),
  );

/** A complete request, biased towards the given opcodes so that rules really match. */
export function completeRequest(opcodes: number[] = []): fc.Arbitrary<CompleteRequest> {
  const fromOpcode = opcodes.length
    ? fc.constantFrom(...opcodes).map((code) => ({
        action: ACTIONS[Math.floor(code / 24)]!,
        timing: TIMINGS[Math.floor((code % 24) / 4)]!,
        target: TARGETS[code % 4]!,
      }))
    : fc.constant(null);
  return fc.record({
    seed: fc.option(fromOpcode, { freq: 3, nil: null }),
    action: fc.constantFrom(...ACTIONS),
    timing: fc.constantFrom(...TIMINGS),
    targets: fc.uniqueArray(fc.constantFrom(...TARGETS), { minLength: 1, maxLength: 4 }),
    principalRole: fc.constantFrom(...PRINCIPAL_ROLES),
    legalBasis: fc.constantFrom(...LEGAL_BASES),
    destination: fc.constantFrom(...DESTINATIONS),
    subjectRequest: fc.constantFrom(...SUBJECT_REQUESTS),
    jurisdiction: fc.option(fc.constantFrom(...JURISDICTIONS), { nil: undefined }),
    flags: fc.array(fc.boolean(), { minLength: BOOLEAN_ATTRIBUTES.length, maxLength: BOOLEAN_ATTRIBUTES.length }),
    elapsed: fc.integer({ min: 0, max: 120 }),
  }).map((r): CompleteRequest => {
    const seed = r.seed;
    const attributes = {
      principalRole: r.principalRole,
      legalBasis: r.legalBasis,
      destination: r.destination,
      subjectRequest: r.subjectRequest,
      elapsed: r.elapsed,
      ...Object.fromEntries(BOOLEAN_ATTRIBUTES.map((name, i) => [name, r.flags[i]!])),
      ...(r.jurisdiction ? { jurisdiction: r.jurisdiction } : {}),
    } as CompleteRequest['attributes'];
    return {
      action: seed ? seed.action : r.action,
      timing: seed ? seed.timing : r.timing,
      targets: seed && !r.targets.includes(seed.target) ? [seed.target, ...r.targets.slice(1)] : r.targets,
      attributes,
    };
  });
}
