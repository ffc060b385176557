// A visitor of the receptionist as a browser is: the cookie the session call set, sent back on every call.
import type { FastifyInstance } from 'fastify';

export type SessionBody = {
  sessionId: string;
  customerId: string;
  apiKey: string;
  name: string;
  tier: string;
  transparency: string;
  inactivityTimeoutMs: number;
  expiresInMs: number;
  consent: { followUp: boolean; newsletter: boolean };
  greeting: string;
};

export type Visitor = { cookieHeader: string; setCookie: string; session: SessionBody };

export async function newVisitor(app: FastifyInstance): Promise<Visitor> {
  const response = await app.inject({ method: 'GET', url: '/api/poc-ai-chat/session' });
  if (response.statusCode !== 200) throw new Error(`session: ${response.statusCode} ${response.body}`);
  const setCookie = String(response.headers['set-cookie']);
  return { cookieHeader: setCookie.split(';')[0]!, setCookie, session: response.json<SessionBody>() };
}

export function say(app: FastifyInstance, visitor: Visitor, message: string, headers: Record<string, string> = {}) {
  return app.inject({
    method: 'POST',
    url: '/api/poc-ai-chat',
    headers: { cookie: visitor.cookieHeader, 'x-session-id': visitor.session.sessionId, ...headers },
    payload: { message, sessionId: visitor.session.sessionId, customerId: visitor.session.customerId, apiKey: visitor.session.apiKey },
  });
}
