/**
 * The friendly layer's types, checked by the compiler (Vitest's type tests, `*.test-d.ts`):
 * each function takes the contract's query or body and answers the contract's shape, so a
 * wrong query key, a wrong field type or a missing field is a compile error, not a request
 * the server refuses.
 */
import { describe, expectTypeOf, it } from 'vitest';
import type { ApiError, ApiErrorKind } from './api-error.js';
import { createFormsignClient } from './client.js';
import { eachPage } from './pages.js';
import type { CallOptions, FormsignClientOptions } from './transport.js';
import type { CompletedFormPage, CompletedFormsQuery, ListFilters, LoginResponse, UserProfile, WorkflowPage } from './types.js';

const client = createFormsignClient({ baseUrl: 'https://formsign.example/api' });

describe('queries', () => {
  it('take the contract query of their operation', () => {
    expectTypeOf(client.forms.completed).parameter(0).toEqualTypeOf<CompletedFormsQuery | undefined>();
    expectTypeOf(client.forms.completed).toBeCallableWith({ page: 2, limit: 25, filters: { search: 'care plan', from: '2026-11-01' } });
    expectTypeOf<CompletedFormsQuery['filters']>().toEqualTypeOf<ListFilters | undefined>();
  });

  it('refuse a key the contract does not have', () => {
    // @ts-expect-error: the completed forms take `page`, not `pages`.
    expectTypeOf(client.forms.completed).toBeCallableWith({ pages: 2 });
    // @ts-expect-error: the filters have `search`, not `serach`.
    expectTypeOf(client.forms.completed).toBeCallableWith({ filters: { serach: 'care' } });
    // @ts-expect-error: the workflow list has no `stored`.
    expectTypeOf(client.workflow.list).toBeCallableWith({ stored: '' });
  });

  it('refuse a value of the wrong type', () => {
    // @ts-expect-error: `page` is a number.
    expectTypeOf(client.forms.completed).toBeCallableWith({ page: '2' });
    // @ts-expect-error: `filters.template` is a template id (a number).
    expectTypeOf(client.workflow.list).toBeCallableWith({ filters: { template: 'consent' } });
  });
});

describe('bodies', () => {
  it('need every required field, of its type', () => {
    expectTypeOf(client.auth.login).toBeCallableWith({ name: 'olivia.bennett', password: 'correct-horse-battery' });
    // @ts-expect-error: the password is missing.
    expectTypeOf(client.auth.login).toBeCallableWith({ name: 'olivia.bennett' });
    // @ts-expect-error: the password is a string.
    expectTypeOf(client.auth.login).toBeCallableWith({ name: 'olivia.bennett', password: 1234 });
    // @ts-expect-error: the contact form has no `body` field.
    expectTypeOf(client.support.contact).toBeCallableWith({ subject: 'Invoice', body: 'Again' });
  });
});

describe('answers', () => {
  it("are the contract's shapes", () => {
    expectTypeOf(client.forms.completed).returns.resolves.toEqualTypeOf<CompletedFormPage>();
    expectTypeOf(client.workflow.list).returns.resolves.toEqualTypeOf<WorkflowPage>();
    expectTypeOf(client.auth.login).returns.resolves.toHaveProperty('body').toEqualTypeOf<LoginResponse>();
    expectTypeOf(client.account.get).returns.resolves.toHaveProperty('user').toEqualTypeOf<UserProfile>();
    expectTypeOf(eachPage(client.forms.completed, {})).toEqualTypeOf<AsyncGenerator<CompletedFormPage, void, undefined>>();
  });
});

describe('options and errors', () => {
  it('every call takes a signal and headers, nothing else', () => {
    expectTypeOf(client.forms.completed).parameter(1).toEqualTypeOf<CallOptions | undefined>();
    expectTypeOf(client.forms.completed).toBeCallableWith({}, { signal: AbortSignal.timeout(1_000), headers: { Prefer: 'example=empty' } });
    // @ts-expect-error: the time-out is the client's, not a call's.
    expectTypeOf(client.forms.completed).toBeCallableWith({}, { timeout: 1_000 });
  });

  it('the client takes a time-out in milliseconds and retries', () => {
    expectTypeOf(createFormsignClient).toBeCallableWith({
      baseUrl: 'https://formsign.example/api',
      timeout: 10_000,
      retry: { retries: 3, maxDelay: 5_000 },
    });
    expectTypeOf<FormsignClientOptions['timeout']>().toEqualTypeOf<number | undefined>();
    // @ts-expect-error: the time-out is a number of milliseconds.
    expectTypeOf(createFormsignClient).toBeCallableWith({ timeout: '10s' });
  });

  it('an ApiError says what happened', () => {
    expectTypeOf<ApiError['kind']>().toEqualTypeOf<ApiErrorKind>();
    expectTypeOf<ApiErrorKind>().toEqualTypeOf<'http' | 'network' | 'timeout' | 'aborted'>();
    expectTypeOf<ApiError>().toHaveProperty('status').toEqualTypeOf<number>();
    expectTypeOf<ApiError>().toHaveProperty('code').toEqualTypeOf<number | null>();
  });
});
