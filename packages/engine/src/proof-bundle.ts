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

/** What is signed with a decision besides the evaluator's verdict. */
export type DecisionDetails = {
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

/**
 * The decision's own fields and its details, in the order a signed decision prints them; its digest
 * and signature are added after what they cover.
 */
function toBeSigned(decision: Decision, details: DecisionDetails, timestamp: string, nonce: string, commitments: Commitment[]): SignedDecision {
  const signed = {
    decision: decision.decision,
    exitCode: decision.exitCode,
    reasons: decision.reasons,
    applied_policies: decision.applied_policies,
    article: decision.article,
    latency_us: details.latency_us,
    timestamp,
    nonce,
    commitments,
  } as SignedDecision;
  if (details.context !== undefined) signed.context = details.context;
  return signed;
}

/**
 * Signs the evaluator's decision with its details. Only the fields of a Decision are read from
 * `decision`, so a caller hands over the evaluator's own object and copies nothing.
 */
export function createProofBundle(decision: Decision, details: DecisionDetails, options: ProofOptions): ProofBundle {
  // Canonicalised and signed before its digest and signature are added (a digest cannot be part
  // of the bytes it is the hash of), then returned as it is.
  const signed = toBeSigned(decision, details, details.timestamp ?? new Date().toISOString(), details.nonce ?? randomHex(NONCE_BYTES), options.commitments ?? []);
  const { message, payload } = paeInScratch(DECISION_PAYLOAD_TYPE, canonicalize(signed));
  const sig = Buffer.from(options.signer.sign(message)).toString('base64');
  signed.digest = sha256Digest(payload);
  signed.signature = sig;
  const envelope: DsseEnvelope = {
    payload: payload.toString('base64'),
    payloadType: DECISION_PAYLOAD_TYPE,
    signatures: [{ keyid: options.signer.keyId, sig }],
  };
  return { decision: signed, envelope };
}

/**
 * What signing adds to a decision: with the decision, its details and commitments and the key's id,
 * it is the whole bundle again (bundleWithSignature). A thread that signs hands back only this.
 */
export type BundleSignature = { nonce: string; digest: string; signature: string; payload: string };

export function signatureOfBundle({ decision, envelope }: ProofBundle): BundleSignature {
  return { nonce: decision.nonce, digest: decision.digest, signature: decision.signature, payload: envelope.payload };
}

/** The bundle createProofBundle made of `decision` with these details and commitments, from its signature (signatureOfBundle). */
export function bundleWithSignature(
  decision: Decision,
  details: DecisionDetails & { timestamp: string },
  commitments: Commitment[],
  keyId: string,
  { nonce, digest, signature, payload }: BundleSignature,
): ProofBundle {
  const signed = toBeSigned(decision, details, details.timestamp, nonce, commitments);
  signed.digest = digest;
  signed.signature = signature;
  return { decision: signed, envelope: { payload, payloadType: DECISION_PAYLOAD_TYPE, signatures: [{ keyid: keyId, sig: signature }] } };
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

/** The same as text: the envelope's canonical JSON (auditLeafData is its UTF-8 bytes). */
export function auditLeafText(envelope: DsseEnvelope): string {
  return canonicalize(envelope);
}
