// The numbers and texts of spec section 9 that the site uses, named as the spec names them.
// Constants that DESIGN section 8 retires (simulated stage durations, progress cap, simulated
// execution times, starting demo stats, port ranges) are deliberately absent.

import { paths, type LinkTarget } from './paths.ts';

// --- Timing -------------------------------------------------------------------------------------

/** Every backend request is aborted after this long. */
export const REQUEST_TIMEOUT_MS = 90_000;
/** How long a response marked cacheable stays in the client cache. */
export const CACHE_MAX_AGE_MS = 5 * 60_000;
/** How often expired cache entries are removed. */
export const CACHE_CLEANUP_INTERVAL_MS = 60_000;
/** Legal-text validation runs this long after the last keystroke. */
export const COMPILE_DEBOUNCE_MS = 500;
/** A receptionist chat session expires after this long without activity. */
export const CHAT_INACTIVITY_TIMEOUT_MS = 30 * 60_000;
/** The chat's pending placeholder cycles its progress phrases this often. */
export const PROGRESS_PHRASE_ROTATION_MS = 2_000;
/** The testimonial carousel advances this often unless paused. */
export const CAROUSEL_INTERVAL_MS = 8_000;
/** Typewriter: time per typed character. */
export const TYPEWRITER_TYPE_MS = 40;
/** Typewriter: time per deleted character. */
export const TYPEWRITER_DELETE_MS = 25;
/** Typewriter: pause once the full phrase is shown. */
export const TYPEWRITER_PAUSE_FULL_MS = 3_000;
/** Typewriter: pause before the next phrase starts. */
export const TYPEWRITER_PAUSE_NEXT_MS = 500;
/** The marketing panel's outcome alternates between allow and shutdown this often. */
export const OUTCOME_TOGGLE_MS = 4_000;
/** The proof-of-concept dashboard produces a synthetic decision this often. */
export const SIMULATED_DECISION_INTERVAL_MS = 2_000;
/** The receptionist call to action stays in its activating state this long. */
export const CTA_ACTIVATION_DELAY_MS = 500;
/** 'Copied!' stays visible this long after a copy. */
export const COPY_FEEDBACK_MS = 2_000;
/** Thresholds of the observer that tracks the section in view. */
export const NAV_OBSERVER_THRESHOLDS: readonly number[] = [0, 0.1, 0.25, 0.5];
/** Root margin of that observer: the band from 20% to 40% of the viewport height. */
export const NAV_OBSERVER_ROOT_MARGIN = '-20% 0px -60% 0px';
/** Sections are observed again this long after a layout change. */
export const NAV_REOBSERVE_DELAY_MS = 1_000;
/** A cursor-trail dot fades out after this long. */
export const CURSOR_TRAIL_LIFETIME_MS = 1_000;
/** The top bar changes style once the page is scrolled more than this. */
export const HEADER_SCROLL_THRESHOLD_PX = 50;
/** Client performance metrics are logged this often. */
export const PERFORMANCE_METRICS_LOG_INTERVAL_MS = 60_000;
/** The site should be interactive within this long; exceeding it only logs a warning. */
export const INITIALIZATION_TARGET_MS = 1_000;
/** A compile is marked a success (flash) this long before the compiler returns to idle. */
export const COMPILE_SUCCESS_FLASH_MS = 2_000;
/** A failed compile shakes the panel this long. */
export const COMPILE_ERROR_SHAKE_MS = 500;

// --- Limits -------------------------------------------------------------------------------------

/** The chat input takes at most this many characters; sent text is cut to it. */
export const CHAT_INPUT_MAX_CHARS = 1_000;
/** When the chat holds this many messages ... */
export const CHAT_HISTORY_TRIM_AT = 100;
/** ... it keeps only the newest this many. */
export const CHAT_HISTORY_KEEP = 50;
/** Legal text shorter than this is an error. */
export const LEGAL_TEXT_MIN_CHARS = 10;
/** Legal text longer than this gets a warning (soft limit, counted in characters). */
export const LEGAL_TEXT_SOFT_MAX_CHARS = 50_000;
/** Legal text longer than this gets the structure-words suggestion. */
export const LEGAL_TEXT_STRUCTURE_HINT_CHARS = 200;
/** The compliance stream keeps at most this many decisions in state ... */
export const STREAM_DECISIONS_KEPT = 50;
/** ... and displays this many. */
export const STREAM_DECISIONS_SHOWN = 20;
/** Stream decisions older than this are dropped ... */
export const STREAM_DECISION_MAX_AGE_MS = 60 * 60_000;
/** ... checked this often. */
export const STREAM_PRUNE_INTERVAL_MS = 60_000;
/** Proof bundles listed in the stream panel. */
export const STREAM_PROOF_BUNDLES_KEPT = 20;
/** Proof bundles listed in the receptionist modal. */
export const MODAL_PROOF_BUNDLES_KEPT = 10;
/** One signed checkpoint is listed per this many decisions. */
export const PROOF_BUNDLE_EVERY_DECISIONS = 10;
/** The homepage's synthetic decision list keeps at most this many entries. */
export const SIMULATED_DECISIONS_KEPT = 100;

// --- Performance and display ----------------------------------------------------------------------

/** Compile performance tiers, in milliseconds (DESIGN section 8). */
export const PERFORMANCE_TIERS = [
  { below: 50, label: 'lightning' },
  { below: 75, label: 'excellent' },
  { below: 100, label: 'good' },
] as const;
export const PERFORMANCE_TIER_SLOW = 'needs optimization';
/** Compliance-rate colour tiers, in percent: at or above each bound the colour steps up. */
export const COMPLIANCE_RATE_TIERS = { excellent: 90, good: 70, fair: 50 } as const;
/** Homepage particle count. */
export const PARTICLES_HOMEPAGE = 1_500;
/** Particle count of the lighter views. */
export const PARTICLES_LIGHT = 120;
/** Neural-network nodes in the backdrop. */
export const NEURAL_NODES = 75;
/** Progress of each compile stage as it completes (DESIGN section 8): the compiler's own table. */
export { STAGE_PROGRESS as COMPILE_STAGE_PROGRESS } from '@bytebound/compiler/config';

// --- Client logs ----------------------------------------------------------------------------------

/** Client log levels 0 to 8, lowest first. */
export const LOG_LEVELS = {
  trace: 0,
  debug: 1,
  info: 2,
  notice: 3,
  warn: 4,
  error: 5,
  critical: 6,
  alert: 7,
  emergency: 8,
} as const;
export const LOG_LEVEL_MIN = 0;
export const LOG_LEVEL_MAX = 8;
/** Queued log entries are sent this often ... */
export const LOG_FLUSH_INTERVAL_MS = 5_000;
/** ... or as soon as this many are queued (the server's batch limit). */
export const LOG_FLUSH_BATCH_SIZE = 100;
/** The server rejects longer messages, so the client cuts them here. */
export const LOG_MESSAGE_MAX_CHARS = 2_000;
/** Where the client logs go. */
export const LOG_ENDPOINT = '/api/logs';
/** Setting this localStorage key to 'on' enables the client logger without a rebuild. */
export const LOG_ENABLE_STORAGE_KEY = 'bytebound:client-logs';

// --- Client storage and service identity ----------------------------------------------------------

/** localStorage key of the bearer token attached to backend requests. */
export const AUTH_TOKEN_STORAGE_KEY = 'authToken';
/** localStorage key of the signed-in customer's id. */
export const CUSTOMER_ID_STORAGE_KEY = 'customerId';
/** localStorage key of the preferred output format of the demo. */
export const PREFERRED_FORMAT_STORAGE_KEY = 'preferredOutputFormat';
/** The X-Service-Name header every request carries. */
export const SERVICE_NAME = 'bytebound-web';
/** The window event that opens the receptionist (the top bar's Contact dispatches it). */
export const OPEN_RECEPTIONIST_EVENT = 'bytebound:open-receptionist';

// --- Account --------------------------------------------------------------------------------------

export const TRIAL_DAYS = 14;
export const REMEMBER_ME_DAYS = 30;
export const RESET_LINK_EXPIRY_HOURS = 1;
export const PASSWORD_MIN_CHARS = 8;
/** Annual price = 10 x monthly: two months free, about 17% (DESIGN section 8 replaces 'Save 20%'). */
export const ANNUAL_PRICE_MONTHS = 10;
export const ANNUAL_SAVINGS_BADGE = 'Save 17%';
export const SALES_EMAIL = 'sales@bytebound.dev';
export const ENTERPRISE_INQUIRY_SUBJECT = 'Enterprise Plan Inquiry';
export const ENTERPRISE_DEMO_MINUTES = 30;
export const ENTERPRISE_PILOT_MONTHS = 1;

// --- Plans ----------------------------------------------------------------------------------------

export type PaymentPlanId = 'trial' | 'starter' | 'growth' | 'enterprise';

export type PaymentPlan = {
  name: PaymentPlanId;
  displayName: string;
  /** USD; annual = 10 x monthly. */
  price: { monthly: number; annual: number };
  limits: {
    /** API calls per month; -1 is unlimited. */
    apiCalls: number;
    arbiters: readonly string[];
    support: string;
  };
  recommended: boolean;
};

/** The payment page's self-serve plans (spec section 9; entitlements in DESIGN section 8). */
export const PAYMENT_PLANS: readonly PaymentPlan[] = [
  {
    name: 'trial',
    displayName: 'Trial',
    price: { monthly: 0, annual: 0 },
    limits: { apiCalls: 1_000, arbiters: ['GDPR', 'CCPA'], support: 'Community' },
    recommended: false,
  },
  {
    name: 'starter',
    displayName: 'Starter',
    price: { monthly: 299, annual: 2_990 },
    limits: { apiCalls: 10_000, arbiters: ['GDPR', 'CCPA'], support: 'Email' },
    recommended: false,
  },
  {
    name: 'growth',
    displayName: 'Growth',
    price: { monthly: 999, annual: 9_990 },
    limits: { apiCalls: 100_000, arbiters: ['GDPR', 'CCPA', 'HIPAA', 'Custom'], support: 'Priority' },
    recommended: true,
  },
  {
    name: 'enterprise',
    displayName: 'Enterprise',
    price: { monthly: 2_499, annual: 24_990 },
    limits: { apiCalls: -1, arbiters: ['All', 'Custom'], support: 'Dedicated' },
    recommended: false,
  },
];
export const DEFAULT_PAYMENT_PLAN: PaymentPlanId = 'growth';
export const DEFAULT_BILLING_CYCLE = 'monthly' as const;

export type PricingTier = {
  id: string;
  name: string;
  /** Monthly price in USD, or null for 'on contact'. */
  monthlyPrice: number | null;
  badge: string | null;
  featured: boolean;
  /** Where the tier's call to action leads (a path of the site, see paths.ts redirects). */
  ctaLink: LinkTarget;
};

/** The pricing page's enterprise tiers (spec section 9); their feature lists come with the page. */
export const PRICING_TIERS: readonly PricingTier[] = [
  { id: 'starter', name: 'Starter', monthlyPrice: 1_000, badge: null, featured: false, ctaLink: '/signup' },
  { id: 'professional', name: 'Professional', monthlyPrice: 5_000, badge: 'MOST POPULAR', featured: true, ctaLink: '/contact' },
  { id: 'enterprise', name: 'Enterprise', monthlyPrice: 10_000, badge: null, featured: false, ctaLink: paths.booking },
  { id: 'premium-enterprise', name: 'Premium Enterprise', monthlyPrice: 50_000, badge: null, featured: false, ctaLink: paths.booking },
  { id: 'elite-enterprise', name: 'Elite Enterprise', monthlyPrice: 100_000, badge: null, featured: false, ctaLink: '/enterprise' },
  { id: 'scale-enterprise', name: 'Scale Enterprise', monthlyPrice: 250_000, badge: null, featured: false, ctaLink: '/enterprise' },
  { id: 'custom', name: 'Custom', monthlyPrice: null, badge: 'CUSTOM', featured: false, ctaLink: '/enterprise-contact' },
];

// --- Support --------------------------------------------------------------------------------------

export type SlaTier = { level: 'Critical' | 'High' | 'Medium' | 'Low'; response: string; resolution: string };

export const SUPPORT_SLA_TIERS: readonly SlaTier[] = [
  { level: 'Critical', response: '< 1 hour', resolution: '< 4 hours' },
  { level: 'High', response: '< 4 hours', resolution: '< 24 hours' },
  { level: 'Medium', response: '< 8 hours', resolution: '< 72 hours' },
  { level: 'Low', response: '< 24 hours', resolution: 'Best effort' },
];
