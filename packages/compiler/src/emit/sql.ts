// The SQL emitter: tables holding the policy (regulations, covered targets, rules, opcodes,
// conditions) and a view `bb_decision` that SQLite and PostgreSQL both run unchanged. A complete
// request is a row of bb_request (enumerations as integer codes, docs/formats/sql.md) plus its
// targets in bb_request_target; the view returns, per request, the decision, the article and the
// deciding rule ids ranked in order. includeTests adds test vectors and a view of failing ones.
import { ENUM_ATTRIBUTES, JURISDICTIONS, TARGETS, type CompileOptions, type Condition, type Policy, type Rule } from '../policy-model.ts';
import type { Emitter } from './emitter.ts';
import { applicableJurisdictions, commentText, numberLiteral, rulesInDecisionOrder } from './escape.ts';
import { testVectors, type TestVector } from './test-vectors.ts';
import type { CompleteRequest } from '../policy-model.ts';

/** A SQL string literal valid in SQLite and PostgreSQL: quotes doubled, NUL (refused by PostgreSQL) removed. */
export function sqlString(text: string): string {
  return `'${text.replace(/\u0000/g, '').replace(/'/g, "''")}'`;
}

const ENFORCEMENT_CODE = { strict: 0, moderate: 1, permissive: 2 } as const;

/** Attribute columns of bb_request, in the order of an INSERT. */
export const REQUEST_COLUMNS = [
  'id', 'action', 'timing', 'principal_role', 'legal_basis', 'destination', 'subject_request', 'jurisdiction',
  'consent', 'explicit_consent', 'safeguards', 'opted_out', 'is_child', 'encrypted', 'masked', 'retention_expired', 'erasure_requested', 'elapsed',
] as const;

const COLUMN_OF: Record<string, string> = {
  principalRole: 'principal_role', legalBasis: 'legal_basis', destination: 'destination', subjectRequest: 'subject_request', jurisdiction: 'jurisdiction',
  consent: 'consent', explicitConsent: 'explicit_consent', safeguards: 'safeguards', optedOut: 'opted_out', isChild: 'is_child', encrypted: 'encrypted',
  masked: 'masked', retentionExpired: 'retention_expired', erasureRequested: 'erasure_requested', elapsed: 'elapsed',
};

/** The integer codes of a complete request, in REQUEST_COLUMNS order (absent jurisdiction = -1). */
export function requestRow(id: number, r: CompleteRequest): number[] {
  const a = r.attributes;
  const code = (name: keyof typeof ENUM_ATTRIBUTES, value: string | undefined) => (value === undefined ? -1 : (ENUM_ATTRIBUTES[name] as readonly string[]).indexOf(value));
  const b = (v: boolean) => (v ? 1 : 0);
  return [
    id,
    ['create', 'read', 'modify', 'delete', 'share', 'process', 'notify'].indexOf(r.action),
    ['session-start', 'prompt-submit', 'pre-action', 'post-action', 'on-request', 'scheduled'].indexOf(r.timing),
    code('principalRole', a.principalRole), code('legalBasis', a.legalBasis), code('destination', a.destination), code('subjectRequest', a.subjectRequest), code('jurisdiction', a.jurisdiction),
    b(a.consent), b(a.explicitConsent), b(a.safeguards), b(a.optedOut), b(a.isChild), b(a.encrypted), b(a.masked), b(a.retentionExpired), b(a.erasureRequested), a.elapsed,
  ];
}

/** INSERT statements for a batch of requests (ids given by the caller). */
export function insertRequests(requests: { id: number; request: CompleteRequest }[]): string {
  const lines: string[] = [];
  for (const { id, request } of requests) {
    lines.push(`INSERT INTO bb_request (${REQUEST_COLUMNS.join(', ')}) VALUES (${requestRow(id, request).map((v) => numberLiteral(v)).join(', ')});`);
    request.targets.forEach((t, i) => lines.push(`INSERT INTO bb_request_target (request, position, target) VALUES (${id}, ${i}, ${TARGETS.indexOf(t)});`));
  }
  return lines.join('\n');
}

function conditionRows(ruleIndex: number, kind: 0 | 1, atom: number, c: Condition): string[] {
  const row = (op: number, value: string) => `(${ruleIndex}, ${kind}, ${atom}, ${sqlString(COLUMN_OF[c.attribute]!)}, ${op}, ${value})`;
  if ('equals' in c) return [row(0, c.equals ? '1' : '0')];
  if ('greaterThan' in c) return [row(1, numberLiteral(c.greaterThan))];
  const values = ENUM_ATTRIBUTES[c.attribute] as readonly string[];
  // An empty list holds for no value: one row whose value matches nothing.
  return c.in.length === 0 ? [row(0, 'NULL')] : c.in.map((v) => row(0, String(values.indexOf(v))));
}

// The decision, step by step as docs/policy-semantics.md defines it, in SQL both SQLite and
// PostgreSQL accept (CTEs, EXISTS, CASE, ROW_NUMBER; integers instead of booleans).
const DECISION_VIEW = `CREATE VIEW bb_decision AS
WITH attrs AS MATERIALIZED (
  ${Object.values(COLUMN_OF).map((c) => `SELECT id AS request, '${c}' AS attribute, ${c} AS value FROM bb_request`).join('\n  UNION ALL ')}
),
applicable AS MATERIALIZED (
  SELECT q.id AS request, g.position AS regulation
  FROM bb_request q JOIN bb_regulation g
    ON q.jurisdiction = -1 OR EXISTS (SELECT 1 FROM bb_regulation_jurisdiction j WHERE j.regulation = g.position AND j.jurisdiction = q.jurisdiction)
),
targets AS MATERIALIZED (
  SELECT t.request, t.position AS tpos, t.target,
    CASE WHEN EXISTS (SELECT 1 FROM applicable a JOIN bb_covers c ON c.regulation = a.regulation WHERE a.request = t.request AND c.target = t.target) THEN 1 ELSE 0 END AS covered
  FROM bb_request_target t
),
candidates AS MATERIALIZED (
  SELECT DISTINCT tg.request, tg.tpos, r.position AS rule, r.forbid
  FROM targets tg
  JOIN bb_request q ON q.id = tg.request
  JOIN bb_rule_opcode o ON o.opcode = q.action * 24 + q.timing * 4 + tg.target OR (q.subject_request <> 0 AND o.opcode = q.action * 24 + 16 + tg.target)
  JOIN bb_rule r ON r.position = o.rule
  JOIN applicable a ON a.request = tg.request AND a.regulation = r.regulation
  JOIN bb_covers c ON c.regulation = r.regulation AND c.target = tg.target
),
atom_holds AS MATERIALIZED (
  SELECT DISTINCT cd.rule, cd.kind, cd.atom, x.request
  FROM bb_condition cd JOIN attrs x ON x.attribute = cd.attribute
  WHERE (cd.op = 0 AND x.value = cd.value) OR (cd.op = 1 AND x.value > cd.value)
),
rule_atoms AS MATERIALIZED (
  SELECT rule, COUNT(DISTINCT atom) AS n FROM bb_condition WHERE kind = 0 GROUP BY rule
),
held AS MATERIALIZED (
  SELECT request, rule, kind, COUNT(DISTINCT atom) AS n FROM atom_holds GROUP BY request, rule, kind
),
holding AS MATERIALIZED (
  SELECT c.request, c.tpos, c.rule, c.forbid,
    CASE WHEN COALESCE(hw.n, 0) = COALESCE(rw.n, 0) AND COALESCE(hu.n, 0) = 0 THEN 1 ELSE 0 END AS holds
  FROM candidates c
  LEFT JOIN rule_atoms rw ON rw.rule = c.rule
  LEFT JOIN held hw ON hw.request = c.request AND hw.rule = c.rule AND hw.kind = 0
  LEFT JOIN held hu ON hu.request = c.request AND hu.rule = c.rule AND hu.kind = 1
),
outcome AS MATERIALIZED (
  SELECT tg.request, tg.tpos, tg.covered,
    SUM(CASE WHEN h.forbid = 1 AND h.holds = 1 THEN 1 ELSE 0 END) AS forbids,
    SUM(CASE WHEN h.forbid = 0 AND h.holds = 1 THEN 1 ELSE 0 END) AS permits_holding,
    SUM(CASE WHEN h.forbid = 0 THEN 1 ELSE 0 END) AS permits
  FROM targets tg LEFT JOIN holding h ON h.request = tg.request AND h.tpos = tg.tpos
  GROUP BY tg.request, tg.tpos, tg.covered
),
verdict AS MATERIALIZED (
  SELECT o.request, o.tpos,
    CASE WHEN o.covered = 0 THEN 0 WHEN o.forbids > 0 THEN 1 WHEN o.permits_holding > 0 THEN 0
         WHEN o.permits > 0 THEN CASE WHEN s.enforcement = 2 THEN 0 ELSE 1 END
         ELSE CASE WHEN s.enforcement = 0 THEN 1 ELSE 0 END END AS deny,
    CASE WHEN o.covered = 0 THEN 0 WHEN o.forbids > 0 THEN 1 WHEN o.permits_holding > 0 THEN 2 WHEN o.permits > 0 THEN 3 ELSE 0 END AS step
  FROM outcome o CROSS JOIN bb_settings s
),
request_verdict AS MATERIALIZED (
  SELECT request, MAX(deny) AS deny FROM verdict GROUP BY request
),
reasons AS MATERIALIZED (
  SELECT DISTINCT h.request, h.rule
  FROM holding h
  JOIN verdict v ON v.request = h.request AND v.tpos = h.tpos
  JOIN request_verdict rv ON rv.request = h.request AND rv.deny = v.deny
  WHERE (v.step = 1 AND h.forbid = 1 AND h.holds = 1) OR (v.step = 2 AND h.forbid = 0 AND h.holds = 1) OR (v.step = 3 AND h.forbid = 0)
),
ranked AS MATERIALIZED (
  SELECT rs.request, r.id AS rule_id, r.article,
    CAST(ROW_NUMBER() OVER (PARTITION BY rs.request ORDER BY r.priority DESC, r.position) AS INTEGER) AS rank
  FROM reasons rs JOIN bb_rule r ON r.position = rs.rule
)
SELECT q.id AS request,
  CASE WHEN rv.deny = 1 THEN 'DENY' ELSE 'ALLOW' END AS decision,
  (SELECT k.article FROM ranked k WHERE k.request = q.id AND k.rank = 1) AS article,
  k.rank, k.rule_id
FROM bb_request q
JOIN request_verdict rv ON rv.request = q.id
LEFT JOIN ranked k ON k.request = q.id;`;

function ruleComment(rule: Rule, index: number): string[] {
  return [
    `-- ${index}: ${commentText(rule.id)} (${rule.effect}, priority ${rule.priority}) - ${commentText(rule.article)}: ${commentText(rule.reason)}`,
    ...(rule.quote ? [`--   quote: ${commentText(rule.quote)}`] : []),
    ...rule.review.map((r) => `--   REVIEW: ${commentText(r)}`),
  ];
}

function tests(policy: Policy): string {
  const vectors: TestVector[] = testVectors(policy);
  const lines = [
    '',
    '-- Tests: test vectors run as requests with negative ids; bb_test_failure lists every vector whose',
    '-- decision, article or deciding rules differ from the expected ones (empty when all pass).',
    'CREATE TABLE bb_test_expected (request INTEGER NOT NULL, name TEXT NOT NULL, decision TEXT NOT NULL, article TEXT);',
    'CREATE TABLE bb_test_expected_rule (request INTEGER NOT NULL, rank INTEGER NOT NULL, rule_id TEXT NOT NULL);',
    insertRequests(vectors.map((v, i) => ({ id: -1 - i, request: v.request }))),
  ];
  vectors.forEach((v, i) => {
    const id = -1 - i;
    lines.push(`INSERT INTO bb_test_expected (request, name, decision, article) VALUES (${id}, ${sqlString(v.name)}, '${v.expected.decision}', ${v.expected.article === null ? 'NULL' : sqlString(v.expected.article)});`);
    v.expected.applied_policies.forEach((rule, k) => lines.push(`INSERT INTO bb_test_expected_rule (request, rank, rule_id) VALUES (${id}, ${k + 1}, ${sqlString(rule)});`));
  });
  lines.push(`CREATE VIEW bb_test_failure AS
WITH d AS MATERIALIZED (SELECT * FROM bb_decision WHERE request < 0)
SELECT e.request, e.name FROM bb_test_expected e
WHERE NOT EXISTS (SELECT 1 FROM d WHERE d.request = e.request AND d.decision = e.decision AND COALESCE(d.article, '') = COALESCE(e.article, ''))
   OR EXISTS (SELECT x.rank, x.rule_id FROM bb_test_expected_rule x WHERE x.request = e.request
              EXCEPT SELECT d.rank, d.rule_id FROM d WHERE d.request = e.request AND d.rule_id IS NOT NULL)
   OR EXISTS (SELECT d.rank, d.rule_id FROM d WHERE d.request = e.request AND d.rule_id IS NOT NULL
              EXCEPT SELECT x.rank, x.rule_id FROM bb_test_expected_rule x WHERE x.request = e.request);`);
  lines.push('-- Assertion: this query returns no rows when the policy passes its tests.');
  lines.push('SELECT request, name FROM bb_test_failure ORDER BY request DESC;');
  return lines.join('\n');
}

export const emitSql: Emitter = (policy: Policy, options: CompileOptions): string => {
  const rules = rulesInDecisionOrder(policy);
  const out: string[] = [
    '-- Bytebound policy, SQL output: runs unchanged on SQLite and PostgreSQL.',
    '-- Insert a complete request into bb_request (integer codes: docs/formats/sql.md) and its targets into',
    '-- bb_request_target, then: SELECT * FROM bb_decision WHERE request = ? ORDER BY rank;',
    `-- Enforcement: ${policy.enforcementLevel}. Optimization: ${options.optimizationLevel}. Environment: ${options.targetEnvironment}.`,
    '',
    'CREATE TABLE bb_settings (enforcement INTEGER NOT NULL);',
    'CREATE TABLE bb_regulation (position INTEGER PRIMARY KEY, id TEXT NOT NULL, jurisdiction INTEGER NOT NULL);',
    'CREATE TABLE bb_regulation_jurisdiction (regulation INTEGER NOT NULL, jurisdiction INTEGER NOT NULL);',
    'CREATE TABLE bb_covers (regulation INTEGER NOT NULL, target INTEGER NOT NULL);',
    'CREATE TABLE bb_rule (position INTEGER PRIMARY KEY, id TEXT NOT NULL, forbid INTEGER NOT NULL, regulation INTEGER NOT NULL, priority INTEGER NOT NULL, article TEXT NOT NULL, reason TEXT NOT NULL);',
    'CREATE TABLE bb_rule_opcode (rule INTEGER NOT NULL, opcode INTEGER NOT NULL);',
    '-- kind 0 = when (all must hold), 1 = unless (none may hold); op 0 = equals one of the atom\'s values, 1 = greater than.',
    'CREATE TABLE bb_condition (rule INTEGER NOT NULL, kind INTEGER NOT NULL, atom INTEGER NOT NULL, attribute TEXT NOT NULL, op INTEGER NOT NULL, value DOUBLE PRECISION);',
    `CREATE TABLE bb_request (${REQUEST_COLUMNS.map((c) => `${c} ${c === 'elapsed' ? 'DOUBLE PRECISION' : 'INTEGER'} NOT NULL`).join(', ')});`,
    'CREATE TABLE bb_request_target (request INTEGER NOT NULL, position INTEGER NOT NULL, target INTEGER NOT NULL);',
  ];
  if (options.optimizationLevel !== 'none') {
    out.push('CREATE INDEX bb_rule_opcode_by_opcode ON bb_rule_opcode (opcode, rule);');
    out.push('CREATE INDEX bb_condition_by_rule ON bb_condition (rule, kind, atom);');
  }
  out.push('', `INSERT INTO bb_settings (enforcement) VALUES (${ENFORCEMENT_CODE[policy.enforcementLevel]});`);
  policy.regulations.forEach((r, i) => {
    out.push(`-- Regulation ${r.id} (${r.jurisdiction}) covers ${r.covers.join(', ') || 'nothing'}.`);
    out.push(`INSERT INTO bb_regulation (position, id, jurisdiction) VALUES (${i}, ${sqlString(r.id)}, ${JURISDICTIONS.indexOf(r.jurisdiction)});`);
    for (const j of applicableJurisdictions(r.jurisdiction)) out.push(`INSERT INTO bb_regulation_jurisdiction (regulation, jurisdiction) VALUES (${i}, ${JURISDICTIONS.indexOf(j)});`);
    for (const t of r.covers) out.push(`INSERT INTO bb_covers (regulation, target) VALUES (${i}, ${TARGETS.indexOf(t)});`);
  });
  out.push('', '-- Rules in decision order: priority descending, ties in policy order.');
  rules.forEach((rule, i) => {
    out.push(...ruleComment(rule, i));
    const regulation = policy.regulations.findIndex((r) => r.id === rule.regulation);
    out.push(`INSERT INTO bb_rule (position, id, forbid, regulation, priority, article, reason) VALUES (${i}, ${sqlString(rule.id)}, ${rule.effect === 'forbid' ? 1 : 0}, ${regulation}, ${rule.priority}, ${sqlString(rule.article)}, ${sqlString(rule.reason)});`);
    if (rule.opcodes.length > 0) out.push(`INSERT INTO bb_rule_opcode (rule, opcode) VALUES ${rule.opcodes.map((o) => `(${i}, ${o})`).join(', ')};`);
    const rows = [...rule.when.flatMap((c, k) => conditionRows(i, 0, k, c)), ...rule.unless.flatMap((c, k) => conditionRows(i, 1, k, c))];
    if (rows.length > 0) out.push(`INSERT INTO bb_condition (rule, kind, atom, attribute, op, value) VALUES ${rows.join(', ')};`);
  });
  out.push('', DECISION_VIEW);
  if (options.targetEnvironment === 'development') {
    out.push('', '-- Decision trace: every candidate rule of every request target, whether it holds.');
    out.push(`CREATE VIEW bb_trace AS
SELECT t.request, t.position AS target_position, r.id AS rule_id, r.forbid, r.priority,
  CASE WHEN EXISTS (SELECT 1 FROM bb_rule_opcode o JOIN bb_request q ON q.id = t.request
                    WHERE o.rule = r.position AND (o.opcode = q.action * 24 + q.timing * 4 + t.target OR (q.subject_request <> 0 AND o.opcode = q.action * 24 + 16 + t.target)))
       THEN 1 ELSE 0 END AS matches_opcode
FROM bb_request_target t CROSS JOIN bb_rule r;`);
  }
  if (options.includeTests) out.push(tests(policy));
  return out.join('\n') + '\n';
};
