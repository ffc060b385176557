// Visitor identity is the server's (DESIGN section 7): an HttpOnly, SameSite=Strict cookie with a
// 256-bit random token, stored as its SHA-256 hash. Every receptionist endpoint finds the session
// by that cookie only; the sessionId the client sends is a label. A session expires after
// RECEPTIONIST_SESSION_TIMEOUT_MS without activity.
import crypto from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Selectable } from 'kysely';
import type { ConversationsTable } from '../db/tables.ts';

export const VISITOR_COOKIE = 'bb_visitor';
export const SESSION_EXPIRED = { error: 'Session Expired: Your session has expired due to inactivity.', code: 'session_expired' } as const;
const TOKEN_BYTES = 32;

/** What the conversation remembers between messages (no personal data: that lives in its own table). */
export type SessionState = {
  noticeGiven: boolean;
  /** The visitor asked for a demo in this session: their contact data serves that request (Art. 6(1)(b)). */
  demoRequested: boolean;
  /** The lead field the receptionist asked for last. */
  awaiting: 'name' | 'email' | 'company' | 'interest' | null;
  offeredSlots: { start: string; end: string }[];
};

export type VisitorSession = Omit<Selectable<ConversationsTable>, 'state'> & { state: SessionState };

const INITIAL_STATE: SessionState = { noticeGiven: false, demoRequested: false, awaiting: null, offeredSlots: [] };

export const hashToken = (token: string) => crypto.createHash('sha256').update(token, 'utf8').digest('hex');

function cookieToken(request: FastifyRequest): string | null {
  const header = request.headers.cookie;
  if (!header) return null;
  for (const part of header.split(';')) {
    const [name, ...rest] = part.trim().split('=');
    if (name === VISITOR_COOKIE) {
      const value = rest.join('=');
      return /^[A-Za-z0-9_-]{43}$/.test(value) ? value : null;
    }
  }
  return null;
}

function parse(row: Selectable<ConversationsTable>): VisitorSession {
  return { ...row, created_at: Number(row.created_at), last_seen_at: Number(row.last_seen_at), state: { ...INITIAL_STATE, ...(JSON.parse(row.state) as Partial<SessionState>) } };
}

export type SessionLookup = { session: VisitorSession } | { expired: true } | { missing: true };

/** The session of this request's cookie: live, expired (and then ended), or none. */
export async function lookUpSession(app: FastifyInstance, request: FastifyRequest, now = Date.now()): Promise<SessionLookup> {
  const token = cookieToken(request);
  if (!token) return { missing: true };
  const row = await app.db.selectFrom('conversations').selectAll().where('token_hash', '=', hashToken(token)).executeTakeFirst();
  if (!row) return { missing: true };
  const session = parse(row);
  if (now - session.last_seen_at > app.config.receptionistSessionTimeoutMs) return { expired: true };
  return { session };
}

export const NO_SESSION = { error: 'No receptionist session: open the chat first (GET /api/poc-ai-chat/session).', code: 'no_session' } as const;

/** The live session of the request; otherwise sends the contract's 401 and returns null. */
export async function sessionOrReply(app: FastifyInstance, request: FastifyRequest, reply: FastifyReply, now = Date.now()): Promise<VisitorSession | null> {
  const found = await lookUpSession(app, request, now);
  if ('session' in found) return found.session;
  await reply.status(401).send('expired' in found ? SESSION_EXPIRED : NO_SESSION);
  return null;
}

export async function touchSession(app: FastifyInstance, session: VisitorSession, now = Date.now()): Promise<void> {
  session.last_seen_at = now;
  await app.db.updateTable('conversations').set({ last_seen_at: now, state: JSON.stringify(session.state) }).where('id', '=', session.id).execute();
}

export async function createSession(app: FastifyInstance, reply: FastifyReply, now = Date.now()): Promise<VisitorSession> {
  const token = crypto.randomBytes(TOKEN_BYTES).toString('base64url');
  const row = {
    id: `rs_${crypto.randomBytes(12).toString('hex')}`,
    token_hash: hashToken(token),
    label: `session_${crypto.randomBytes(9).toString('base64url')}`,
    state: JSON.stringify(INITIAL_STATE),
    created_at: now,
    last_seen_at: now,
  };
  await app.db.insertInto('conversations').values(row).execute();
  const secure = app.config.publicUrl.startsWith('https:') ? '; Secure' : '';
  reply.header('set-cookie', `${VISITOR_COOKIE}=${token}; Path=/; HttpOnly; SameSite=Strict${secure}`);
  return parse(row);
}
