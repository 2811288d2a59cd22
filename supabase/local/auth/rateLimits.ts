// Hosted Supabase's limits on sign-ins and sign-ups, also counting what mails a link or code (recover, otp, resend)
// and what checks one (verify): per caller IP, and stricter per IP and email together, answering GoTrue's 429.
// Never per email alone: then anyone could lock a chosen member (the admin too) out by guessing at their email.
import { RateLimiterMemory, RateLimiterRes } from 'rate-limiter-flexible';
import { ApiError } from '../http.ts';
import { normalizeEmail } from './input.ts';

export interface AuthRateLimits {
  /** Sign-ins, sign-ups, mails and verifications from one IP per window (hosted: 30 sign-ins per 5 minutes). */
  perIp: number;
  /** Attempts naming one email from one IP per window: guesses at one account slow down before the IP's share. */
  perAddressAndEmail: number;
  windowSeconds: number;
  /** Web3 sign-ins from one IP per window, counted apart from the others as GoTrue does (RateLimitWeb3: 30). */
  web3PerIp?: number;
}

export const HOSTED_AUTH_RATE_LIMITS: AuthRateLimits = { perIp: 30, perAddressAndEmail: 10, windowSeconds: 300 };

/** GoTrue's answer when a limiter refuses (apierrors.ErrorCodeOverRequestRateLimit). */
function overRateLimit(retryAfterMs: number): ApiError {
  return new ApiError(
    429,
    { code: 429, error_code: 'over_request_rate_limit', msg: 'Request rate limit reached' },
    'over_request_rate_limit',
    { 'retry-after': String(Math.max(1, Math.ceil(retryAfterMs / 1000))) },
  );
}

export class SignInLimiter {
  private readonly byIp: RateLimiterMemory;
  private readonly byAddressAndEmail: RateLimiterMemory;
  private readonly web3ByIp: RateLimiterMemory;

  constructor(limits: AuthRateLimits) {
    this.byIp = new RateLimiterMemory({ points: limits.perIp, duration: limits.windowSeconds });
    this.byAddressAndEmail = new RateLimiterMemory({
      points: limits.perAddressAndEmail,
      duration: limits.windowSeconds,
    });
    this.web3ByIp = new RateLimiterMemory({ points: limits.web3PerIp ?? 30, duration: limits.windowSeconds });
  }

  /** Counts one web3 sign-in attempt; throws the 429 once the IP has had its share of the window. */
  async takeWeb3(ip: string): Promise<void> {
    try {
      await this.web3ByIp.consume(ip);
    } catch (e) {
      if (e instanceof RateLimiterRes) throw overRateLimit(e.msBeforeNext);
      throw e;
    }
  }

  /** Counts one attempt; throws the 429 once the IP, or the IP with this email, has had its share of the window. */
  async take(ip: string, email: string | undefined): Promise<void> {
    try {
      await this.byIp.consume(ip);
      // JSON keeps the two apart whatever either holds.
      if (email) await this.byAddressAndEmail.consume(JSON.stringify([ip, normalizeEmail(email)]));
    } catch (e) {
      if (e instanceof RateLimiterRes) throw overRateLimit(e.msBeforeNext);
      throw e;
    }
  }
}
