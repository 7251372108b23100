import { ApiError, assertSuccessCodeOf, textForStatus } from '../api-error.js';
import { confirmEmailCodes } from '../generated/app-codes/account.js';
import { errorTexts } from '../generated/error-texts.js';
import type { HeadersInput } from '../middleware/headers-input.js';
import type { CallOptions, Transport } from '../transport.js';
import type {
  Account,
  CheckoutSession,
  CodeResult,
  CompanySaved,
  CompanyUpdate,
  EnvelopesGranted,
  GrantEnvelopesRequest,
  OrganisationPage,
  OrganisationsQuery,
  ProductList,
  ProductsResponse,
  ProfileSaved,
  ProfileUpdate,
  PurchaseStatus,
  StripeEvent,
  StripeEventReceived,
} from '../types.js';

export interface AccountApi {
  get(options?: CallOptions): Promise<Account>;
  /**
   * Saves the profile; a failure carries the server's `error` text. A new email address or
   * password needs `current_password`; a new address waits as `user.pending_email` until the
   * link mailed to it is followed.
   */
  updateProfile(data: ProfileUpdate, options?: CallOptions): Promise<ProfileSaved>;
  /** Confirms a new email address with the key of the link mailed to it; rejects with the code's text unless the code is 1. */
  confirmEmail(body: { key: string }, options?: CallOptions): Promise<CodeResult>;
  /** Saves the company and its settings; a failure carries the server's `error` text. */
  saveCompany(data: CompanyUpdate, options?: CallOptions): Promise<CompanySaved>;
  /** The company's unused envelopes. Needs the token (sent as a form field); rejects with a 401 without one. */
  countUnusedEnvelopes(options?: CallOptions): Promise<number>;
  /** The packs on offer and how this site takes payment (`stripe`, `test`, or `none`: envelopes are granted, not sold). */
  products(options?: CallOptions): Promise<ProductList>;
  checkout(order: { product: string; quantity?: number }, options?: CallOptions): Promise<CheckoutSession>;
  purchaseStatus(sessionId: string, options?: CallOptions): Promise<PurchaseStatus>;
  /** Grants envelopes to an organisation without a payment (a super user of the instance's own organisation). */
  grantEnvelopes(grant: GrantEnvelopesRequest, options?: CallOptions): Promise<EnvelopesGranted>;
  /** A page of this site's organisations, newest first, those whose name or email holds `search` (a super user of the instance's own organisation). */
  organisations(query: OrganisationsQuery, options?: CallOptions): Promise<OrganisationPage>;
  /**
   * Delivers an event as Stripe does: its body exactly as given (the signature is of these
   * bytes) with its `Stripe-Signature`. For tools that replay Stripe's events; the server acts
   * only on an event Stripe signed.
   */
  deliverStripeEvent(payload: string, signature: string, options?: CallOptions): Promise<StripeEventReceived>;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

/** `POST /products` answers one of three shapes; anything but the one asked for is unexpected. */
function narrow<T extends ProductsResponse>(body: ProductsResponse, is: (body: Record<string, unknown>) => boolean): T {
  if (isObject(body) && is(body)) return body as T;
  throw new ApiError({ status: 200, body, message: errorTexts.unexpected });
}

const formUrlEncoded = (body: Record<string, string>): string => new URLSearchParams(body).toString();

export function accountApi({ api, send, token }: Transport): AccountApi {
  const manageProducts = (
    body: { action: 'list' | 'checkout' | 'status'; product?: string; quantity?: number; session_id?: string },
    options?: CallOptions,
  ) => send((init) => api.POST('/products', { ...init, body }), options);
  return {
    get: (options) => send((init) => api.GET('/user', init), options),
    updateProfile: (data, options) => send((init) => api.PUT('/user', { ...init, body: { data } }), options, 'error'),
    async confirmEmail({ key }, options) {
      const data = await send((init) => api.POST('/confirm-email', { ...init, body: { key } }), options);
      assertSuccessCodeOf(confirmEmailCodes, data);
      return data;
    },
    saveCompany: (data, options) => send((init) => api.POST('/user', { ...init, body: { data } }), options, 'error'),
    async countUnusedEnvelopes(options) {
      const value = token();
      if (!value) throw new ApiError({ status: 401, message: textForStatus(401) });
      const count = await send((init) => {
        const headers = new Headers(init.headers as HeadersInput | undefined);
        headers.set('Content-Type', 'application/x-www-form-urlencoded');
        return api.POST('/envelopes', { ...init, headers, body: { token: value }, bodySerializer: formUrlEncoded });
      }, options);
      return count.unused;
    },
    async products(options) {
      const body = await manageProducts({ action: 'list' }, options);
      return narrow<ProductList>(body, (b) => Array.isArray(b.data) && typeof b.payments === 'string');
    },
    async checkout({ product, quantity }, options) {
      const body = await manageProducts({ action: 'checkout', product, quantity }, options);
      return narrow<CheckoutSession>(body, (b) => typeof b.session_id === 'string' && typeof b.url === 'string');
    },
    async purchaseStatus(sessionId, options) {
      const body = await manageProducts({ action: 'status', session_id: sessionId }, options);
      return narrow<PurchaseStatus>(body, (b) => typeof b.status === 'string' && typeof b.envelopes === 'number');
    },
    grantEnvelopes: (grant, options) => send((init) => api.POST('/grant-envelopes', { ...init, body: grant }), options),
    organisations: (query, options) => send((init) => api.GET('/organisations', { ...init, params: { query } }), options),
    deliverStripeEvent: (payload, signature, options) =>
      send((init) => {
        const headers = new Headers(init.headers as HeadersInput | undefined);
        headers.set('Stripe-Signature', signature);
        headers.set('Content-Type', 'application/json');
        return api.POST('/payments/stripe/events', { ...init, headers, body: JSON.parse(payload) as StripeEvent, bodySerializer: () => payload });
      }, options),
  };
}
