import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import type { HandlerRequest } from '../contract/handler-types.js';
import { indexOperations } from '../contract/operation-index.js';
import { AppError, AppErrorCode } from '../errors/app-error.js';
import { installErrorHandling, refusalAnswer } from './errors.js';

const index = indexOperations();
const rules = (id: Parameters<typeof index.byId.get>[0]) => index.byId.get(id);
const request = { raw: { log: { info: () => undefined } }, language: 'en' } as unknown as HandlerRequest<'inviteUsers'>;

describe('a refusal with an application code', () => {
  it('answers the code and the text when the operation has that code', async () => {
    const refused = new AppError(AppErrorCode.Conflict, 'User already exists.', { appCode: '-2' });
    expect(await refusalAnswer(refused, rules('runUserCommand'), {}, request as never)).toBeNull();
    const answer = await refusalAnswer(
      new AppError(AppErrorCode.InvalidInput, 'Parameter failed.', { appCode: '-1' }),
      rules('runUserCommand'),
      {},
      request as never,
    );
    expect(answer).toEqual({ code: -1, message: 'Parameter failed.' });
  });

  it("answers the operation's own body where it declares one", async () => {
    const refused = new AppError(AppErrorCode.InvalidInput, 'Parameter failed.', { appCode: '-1' });
    const answer = await refusalAnswer(
      refused,
      rules('manageTimeEntries'),
      { manageTimeEntries: (refusal) => ({ ...refusal, data: [] }) },
      request as never,
    );
    expect(answer).toEqual({ code: -1, message: 'Parameter failed.', data: [] });
  });

  it('is not an answer when it is not an AppError, or names no code the operation has', async () => {
    expect(await refusalAnswer(new Error('boom'), rules('runUserCommand'), {}, request as never)).toBeNull();
    expect(await refusalAnswer(new AppError(AppErrorCode.NotFound, 'Gone.'), rules('runUserCommand'), {}, request as never)).toBeNull();
  });
});

describe('an AppError without an application code', () => {
  async function answerOf(error: unknown, id: Parameters<typeof index.byId.get>[0] = 'listUsers') {
    const app = Fastify();
    installErrorHandling(app, () => rules(id));
    app.get('/', () => {
      throw error;
    });
    const response = await app.inject({ method: 'GET', url: '/' });
    await app.close();
    return { status: response.statusCode, body: response.json() as unknown, retryAfter: response.headers['retry-after'] };
  }

  it("answers its code's status with the person's text, never the internal detail", async () => {
    expect(
      await answerOf(new AppError(AppErrorCode.NotFound, 'This item does not exist or was deleted.', { detail: 'form 7 of company 2' })),
    ).toEqual({
      status: 404,
      body: { message: 'This item does not exist or was deleted.' },
      retryAfter: undefined,
    });
    expect(await answerOf(new AppError(AppErrorCode.Forbidden, 'Only administrators can do this.'))).toMatchObject({ status: 403 });
  });

  it('says when to ask again, when waiting lifts it', async () => {
    expect(await answerOf(new AppError(AppErrorCode.TooManyRequests, 'Please wait.', { retryAfterSeconds: 90.2 }))).toEqual({
      status: 429,
      body: { message: 'Please wait.' },
      retryAfter: '91',
    });
  });

  it("takes the operation's failure shape: { error } for an account save, { data: null, error } for signing", async () => {
    expect((await answerOf(new AppError(AppErrorCode.InvalidInput, 'Please enter a valid email address.'), 'updateProfile')).body).toEqual({
      error: 'Please enter a valid email address.',
    });
    expect((await answerOf(new AppError(AppErrorCode.InvalidInput, 'This signing link is not valid.'), 'webSigning')).body).toEqual({
      data: null,
      error: 'This signing link is not valid.',
    });
  });

  it("answers a refusal of status 200 in the operation's bad-request shape: signing's { data: null, error }", async () => {
    expect(await answerOf(new AppError(AppErrorCode.Conflict, 'This form has already been signed.', { status: 200 }), 'webSigning')).toEqual({
      status: 200,
      body: { data: null, error: 'This form has already been signed.' },
      retryAfter: undefined,
    });
  });

  it('answers an unexpected error 500 without its message', async () => {
    expect(await answerOf(new Error('the database is on fire'))).toEqual({ status: 500, body: {}, retryAfter: undefined });
  });
});
