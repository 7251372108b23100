/** The little of oidc-provider (an OpenID provider, started inside the tests) that the tests use. */
declare module 'oidc-provider' {
  import type { IncomingMessage, ServerResponse } from 'node:http';

  interface Account {
    accountId: string;
    claims(): Promise<Record<string, unknown>>;
  }
  interface ProviderConfiguration {
    clients: Record<string, unknown>[];
    findAccount(context: unknown, id: string): Promise<Account | undefined>;
    claims?: Record<string, string[]>;
    interactions?: { url(context: unknown, interaction: { uid: string }): string };
    features?: Record<string, { enabled: boolean }>;
    cookies?: { keys: string[] };
    pkce?: { required(): boolean };
    conformIdTokenClaims?: boolean;
    ttl?: Record<string, number>;
  }
  interface Interaction {
    uid: string;
    params: Record<string, string | undefined>;
    prompt: { name: string };
  }
  class Grant {
    constructor(init: { accountId: string; clientId: string });
    addOIDCScope(scope: string): void;
    addOIDCClaims(claims: string[]): void;
    save(): Promise<string>;
  }
  export default class Provider {
    constructor(issuer: string, configuration: ProviderConfiguration);
    callback(): (request: IncomingMessage, response: ServerResponse) => void;
    interactionDetails(request: IncomingMessage, response: ServerResponse): Promise<Interaction>;
    interactionFinished(
      request: IncomingMessage,
      response: ServerResponse,
      result: Record<string, unknown>,
      options?: { mergeWithLastSubmission?: boolean },
    ): Promise<void>;
    Grant: typeof Grant;
    on(event: string, listener: (...args: unknown[]) => void): void;
  }
}
