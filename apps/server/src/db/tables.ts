// Row types of every table, as Kysely sees them. Times are epoch milliseconds; booleans are 0/1.
import type { Generated } from 'kysely';

export type ClientLogsTable = {
  id: Generated<number>;
  level: number;
  message: string;
  url: string | null;
  user_agent: string | null;
  logged_at: number;
  received_at: number;
};

export type Tables = {
  client_logs: ClientLogsTable;
};
