// Values the test runs' global set-up provides to tests (vitest `inject`).
import 'vitest';

declare module 'vitest' {
  export interface ProvidedContext {
    postgresUrl: string;
  }
}
