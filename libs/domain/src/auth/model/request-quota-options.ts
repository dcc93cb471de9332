// The request quota of a gateway: API_RATE_LIMIT_PER_MINUTE requests per client in a fixed window of 60 s.
export interface RequestQuotaOptions {
  /** false: no request is counted and no RateLimit field is sent (API_RATE_LIMIT_ENABLED, for comparison runs of the bench). */
  enabled: boolean;
  /** Requests per client per window, across every replica of both gateways. */
  limitPerMinute: number;
}

export const REQUEST_QUOTA_OPTIONS = Symbol('REQUEST_QUOTA_OPTIONS');

/** The quota's fixed window. */
export const QUOTA_WINDOW_SECONDS = 60;
