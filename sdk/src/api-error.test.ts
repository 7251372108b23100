import { describe, expect, it } from 'vitest';
import { clientError, formLoadFailed, offline, serverError, unexpected, usersFetchFailed } from '../test/support/texts.js';
import {
  ApiError,
  assertSuccessCode,
  errorForFailure,
  errorFromCode,
  errorFromResponse,
  isApiError,
  isSuccessCode,
  textForCode,
  textForStatus,
} from './api-error.js';

describe('textForStatus', () => {
  it.each([
    [0, unexpected],
    [200, unexpected],
    [301, unexpected],
    [399, unexpected],
    [400, clientError],
    [404, clientError],
    [499, clientError],
    [500, serverError],
    [503, serverError],
  ])('gives status %i the text of its band', (status, text) => {
    expect(textForStatus(status)).toBe(text);
  });
});

describe('errorFromResponse', () => {
  it("prefers the server's message", () => {
    const error = errorFromResponse(500, { message: 'The service is busy.' });
    expect(error).toMatchObject({ status: 500, code: null, message: 'The service is busy.' });
  });

  it('falls back to the band text when the message is empty or missing', () => {
    expect(errorFromResponse(500, { message: '' }).message).toBe(serverError);
    expect(errorFromResponse(400, {}).message).toBe(clientError);
    expect(errorFromResponse(302, 'not json').message).toBe(unexpected);
  });

  it('reads the error field for account saves', () => {
    expect(errorFromResponse(400, { error: 'Email taken.' }, 'error').message).toBe('Email taken.');
    expect(errorFromResponse(500, { error: '' }, 'error').message).toBe(serverError);
    expect(errorFromResponse(400, { message: 'ignored' }, 'error').message).toBe(clientError);
  });

  it("keeps the body's numeric code and the body", () => {
    const body = { code: -1, message: 'Parameter failed.' };
    expect(errorFromResponse(400, body)).toMatchObject({ code: -1, body });
  });
});

describe('errorForFailure', () => {
  it('gives the user list its one text whatever happened', () => {
    for (const status of [0, 400, 401, 500]) {
      expect(errorForFailure('userList', { status, body: { message: 'server text' } }).message).toBe(usersFetchFailed);
    }
  });

  it("gives web signing the server's error, else the form-load text, else offline when no response came offline", () => {
    expect(errorForFailure('webSigning', { status: 400, body: { data: null, error: 'Not valid.' } }).message).toBe('Not valid.');
    expect(errorForFailure('webSigning', { status: 500, body: { data: null, error: '' } }).message).toBe(formLoadFailed);
    expect(errorForFailure('webSigning', { status: 0 }).message).toBe(formLoadFailed);
    expect(errorForFailure('webSigning', { status: 0, offline: true }).message).toBe(offline);
    expect(errorForFailure('webSigning', { status: 500, offline: true }).message).toBe(formLoadFailed);
  });

  it('keeps the cause', () => {
    const cause = new TypeError('fetch failed');
    expect(errorForFailure('message', { status: 0, cause }).cause).toBe(cause);
  });
});

describe('application codes', () => {
  it('knows the success codes of each operation', () => {
    expect(isSuccessCode('login', 1)).toBe(true);
    expect(isSuccessCode('login', 0)).toBe(false);
    expect(isSuccessCode('forgotPassword', 201)).toBe(true);
    expect(isSuccessCode('forgotPassword', 42)).toBe(false);
  });

  it('words a failing code from the table, or with the server message when asked', () => {
    expect(errorFromCode('login', 0, { message: '' }, { preferServerMessage: true }).message).toBe('The user name or password is incorrect.');
    expect(errorFromCode('login', -2, { message: 'Blocked by Acme.' }, { preferServerMessage: true }).message).toBe('Blocked by Acme.');
    expect(errorFromCode('setNewPassword', -3, { message: 'server' })).toMatchObject({
      status: 200,
      code: -3,
      message: 'You have already set a new password with this link.',
    });
    expect(textForCode('inviteUsers', 99)).toBeUndefined();
    expect(errorFromCode('inviteUsers', 99, {}).message).toBe(unexpected);
  });

  it('assertSuccessCode throws on a failing code and on a body without one', () => {
    expect(() => assertSuccessCode('activate', { code: 1, message: '' })).not.toThrow();
    expect(() => assertSuccessCode('activate', { code: -1, message: '' })).toThrow('This activation link is not valid.');
    expect(() => assertSuccessCode('activate', 'nonsense')).toThrow(unexpected);
  });
});

describe('ApiError', () => {
  it('is an Error with a stable shape', () => {
    const error = new ApiError({ status: 404, code: 7, message: 'Gone.' });
    expect(error).toBeInstanceOf(Error);
    expect(isApiError(error)).toBe(true);
    expect(isApiError(new Error('x'))).toBe(false);
    expect({ name: error.name, status: error.status, code: error.code, message: error.message }).toEqual({
      name: 'ApiError',
      status: 404,
      code: 7,
      message: 'Gone.',
    });
  });
});
