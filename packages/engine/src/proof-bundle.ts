// Proof bundles: every decision signed as a DSSE envelope over the RFC 8785 canonical JSON of the
// decision. The decision evaluator calls createProofBundle once per decision.
import crypto from 'node:crypto';
import type { Decision } from '@bytebound/compiler/policy-model';
import { canonicalBytes, canonicalize } from './canonical-json.ts';
import type { Commitment } from './commitments.ts';
import { DECISION_PAYLOAD_TYPE, DIGEST_PREFIX, NONCE_BYTES } from './config.ts';
import type { DsseEnvelope } from './dsse.ts';
import { randomHex } from './random-hex.ts';
import type { Signer } from './signing-keys.ts';

/** What the evaluator hands over: the verdict and how long it took. */
export type DecisionInput = Decision & {
  latency_us: number;
  /** ISO 8601; defaults to now. */
  timestamp?: string;
  /** Defaults to 128 random bits as hex. */
  nonce?: string;
  /** What a local decision (the agent hook, `bytebound mcp`) was about; signed with it when given. */
  context?: DecisionContext;
};

/**
 * What a local decision was about, without any value: the event, the tool, a summary, the kinds of
 * data found and where it went. Signed inside the payload, so that editing it breaks the signature.
 */
export type DecisionContext = { event: string; tool: string | null; summary: string; found: string; destinations: string[]; sessionId: string | null };

/** A decision as DESIGN section 3 shows it, with its keyed commitments, digest and signature. */
export type SignedDecision = Decision & {
  latency_us: number;
  timestamp: string;
  nonce: string;
  commitments: Commitment[];
  /** Local decisions only (the server's bundles have none). */
  context?: DecisionContext;
  /** "sha256:<hex>" of the envelope's payload. */
  digest: string;
  /** The envelope's Ed25519 signature (base64). */
  signature: string;
};

export type ProofBundle = { decision: SignedDecision; envelope: DsseEnvelope };

export type ProofOptions = { signer: Signer; commitments?: Commitment[] };

/**
 * The signed payload: the canonical JSON of the decision without `signature` and without `digest`
 * (a digest cannot be part of the bytes it is the hash of).
 */
export function decisionPayload(decision: Omit<SignedDecision, 'digest' | 'signature'> & Partial<SignedDecision>): Uint8Array {
  // An object rest copy costs more than the canonicalisation of a decision: copy only when needed.
  if (decision.digest === undefined && decision.signature === undefined) return canonicalBytes(decision);
  const { digest: _digest, signature: _signature, ...signed } = decision;
  return canonicalBytes(signed);
}

export function sha256Digest(bytes: Uint8Array): string {
  return DIGEST_PREFIX + crypto.hash('sha256', bytes, 'hex');
}

// The message signed is PAE(type, payload). It is written into one scratch buffer (grown when a
// payload needs more) straight from the canonical text: no payload or PAE array is allocated per
// decision. Safe because signing is synchronous and nothing keeps a reference to the buffer.
let scratch = Buffer.alloc(4096);

function paeInScratch(payloadType: string, text: string): { message: Buffer; payload: Buffer } {
  const length = Buffer.byteLength(text, 'utf8');
  const head = `DSSEv1 ${Buffer.byteLength(payloadType, 'utf8')} ${payloadType} ${length} `;
  const headLength = Buffer.byteLength(head, 'utf8');
  if (scratch.length < headLength + length) scratch = Buffer.alloc(2 * (headLength + length));
  scratch.write(head, 0, 'utf8');
  scratch.write(text, headLength, 'utf8');
  return { message: scratch.subarray(0, headLength + length), payload: scratch.subarray(headLength, headLength + length) };
}

export function createProofBundle(input: DecisionInput, options: ProofOptions): ProofBundle {
  const unsigned: Omit<SignedDecision, 'digest' | 'signature'> = {
    decision: input.decision,
    exitCode: input.exitCode,
    reasons: input.reasons,
    applied_policies: input.applied_policies,
    article: input.article,
    latency_us: input.latency_us,
    timestamp: input.timestamp ?? new Date().toISOString(),
    nonce: input.nonce ?? randomHex(NONCE_BYTES),
    commitments: options.commitments ?? [],
  };
  if (input.context !== undefined) unsigned.context = input.context;
  const { message, payload } = paeInScratch(DECISION_PAYLOAD_TYPE, canonicalize(unsigned));
  const sig = Buffer.from(options.signer.sign(message)).toString('base64');
  const envelope: DsseEnvelope = {
    payload: payload.toString('base64'),
    payloadType: DECISION_PAYLOAD_TYPE,
    signatures: [{ keyid: options.signer.keyId, sig }],
  };
  // Written out rather than spread from `unsigned`: copying an object by spreading it costs a
  // signed decision more than its digest does. Same keys in the same order, digest and signature last.
  const decision = {
    decision: unsigned.decision,
    exitCode: unsigned.exitCode,
    reasons: unsigned.reasons,
    applied_policies: unsigned.applied_policies,
    article: unsigned.article,
    latency_us: unsigned.latency_us,
    timestamp: unsigned.timestamp,
    nonce: unsigned.nonce,
    commitments: unsigned.commitments,
  } as SignedDecision;
  if (unsigned.context !== undefined) decision.context = unsigned.context;
  decision.digest = sha256Digest(payload);
  decision.signature = sig;
  return { decision, envelope };
}

/**
 * The signed decision an envelope carries: its payload with the payload's digest and the
 * signature. Throws when the payload is not a decision's JSON (verify a bundle before trusting it).
 */
export function decisionOfEnvelope(envelope: DsseEnvelope): SignedDecision {
  const payload = Buffer.from(envelope.payload, 'base64');
  const decision = JSON.parse(payload.toString('utf8')) as Omit<SignedDecision, 'digest' | 'signature'>;
  return { ...decision, digest: sha256Digest(payload), signature: envelope.signatures[0]?.sig ?? '' };
}

/** The bytes a bundle contributes to the audit log: its leaf is leafHash(these bytes). */
export function auditLeafData(envelope: DsseEnvelope): Uint8Array {
  return canonicalBytes(envelope);
}
