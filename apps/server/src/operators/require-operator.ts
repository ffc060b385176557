// A preValidation hook for the operators' routes: 401 without a session, 403 for an account that is not an operator.
import type { FastifyRequest } from 'fastify';
import { findSession, SESSION_MESSAGES } from '../auth/sessions.ts';
import type { Database } from '../db/database.ts';
import { HttpError } from '../http/errors.ts';
import { OPERATOR_ROLE } from './operator-roles.ts';

export const OPERATOR_ONLY_MESSAGE = 'You need an operator account to see this page.';

export function requireOperator(db: Database) {
  return async (request: FastifyRequest) => {
    const session = await findSession(db, request);
    if (!session) throw new HttpError(401, SESSION_MESSAGES.missing);
    if (session.account.role !== OPERATOR_ROLE) throw new HttpError(403, OPERATOR_ONLY_MESSAGE);
    request.session = session;
  };
}
