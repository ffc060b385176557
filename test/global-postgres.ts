// Vitest global set-up: one PostgreSQL server for the whole run, its URL provided as 'postgresUrl'.
import type { TestProject } from 'vitest/node';
import { startPostgres } from './postgres-server.ts';

export default async function setup(project: TestProject) {
  const server = await startPostgres();
  project.provide('postgresUrl', server.url);
  return () => server.stop();
}
