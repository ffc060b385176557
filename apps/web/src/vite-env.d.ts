/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** The package version, set by vite.config.ts. */
  readonly VITE_APP_VERSION?: string;
  /** 'on' enables the client logger in this build. */
  readonly VITE_CLIENT_LOGS?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}
