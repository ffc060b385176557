// Build-time facts about this build of the site (set by vite.config.ts, with safe defaults so
// that unit tests and the prerender see the same values).

/** The site's version, sent as X-Client-Version. */
export const APP_VERSION: string = import.meta.env.VITE_APP_VERSION ?? '0.0.0-dev';

/** True when the build enabled the client logger (VITE_CLIENT_LOGS=on at build time). */
export const CLIENT_LOGS_BUILD_FLAG: boolean = import.meta.env.VITE_CLIENT_LOGS === 'on';

/** The site's name as users see it. */
export const PRODUCT_NAME = 'Bytebound';
