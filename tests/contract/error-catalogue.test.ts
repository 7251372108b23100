import { describe, expect, it } from 'vitest';
import { document, operations } from '../support/contract.js';

/** The product's failure texts, written out verbatim (typos included), to check the contract's catalogue against. */
const genericTexts = {
  serverError: 'Internal error. please try again',
  clientError: 'Bad network. please try again',
  unexpected: 'Unexcepted error. Please try again later.',
  usersFetchFailed: 'Could not fetch users. Please try again later.',
  formLoadFailed: 'The form couldn’t be loaded. If this keeps happening, please contact support.',
  offline: 'No internet connection. Please check your network and try again.',
  authenticationFailed: 'Authentication Failed',
};

const unexpectedComma = 'Unexcepted error, Please try again later.';

/** Application codes of each operation: code -> exact text ('' where the product shows no message on purpose). */
const codeTexts: Record<string, Record<string, string>> = {
  forgotPassword: {
    '-1': unexpectedComma,
    '-201': unexpectedComma,
    '-4': unexpectedComma,
    '-204': unexpectedComma,
    '-207': 'Verification code fails to deliver to email address. Please try again later.',
    '-208': 'Attempt limit exceeded, please try after some time.',
    '-3': '',
    '-203': '',
  },
  setNewPassword: {
    '-1': unexpectedComma,
    '-6': unexpectedComma,
    '-3': 'You have already set a new password with this link.',
    '-5': 'The password request link expired. Please request a new password request.',
  },
  inviteUsers: {
    '1': 'Invitation sent successfully.',
    '0': 'Undefined error.',
    '-1': 'Parameter failed.',
    '-2': 'User already exists.',
  },
};

const successCodes: Record<string, string[]> = {
  // 1 signs in; 2 and 3 (designed) go on to the second factor.
  login: ['1', '2', '3'],
  forgotPassword: ['1', '201'],
  setNewPassword: ['1'],
};

function codesOf(operationId: string) {
  return operations.find((entry) => entry.operation.operationId === operationId)?.operation['x-codes'] ?? {};
}

describe('the error catalogue lives in the contract', () => {
  it.each(Object.entries(genericTexts))('holds the %s text exactly', (key, text) => {
    expect(document['x-error-catalogue'].texts[key]?.text).toBe(text);
  });

  it.each(Object.entries(codeTexts).flatMap(([id, codes]) => Object.entries(codes).map(([code, text]) => ({ id, code, text }))))(
    '$id code $code gives its exact text',
    ({ id, code, text }) => {
      expect(codesOf(id)[code]?.text).toBe(text);
    },
  );

  it.each(Object.entries(successCodes))('%s succeeds exactly on its success codes', (id, codes) => {
    const success = Object.entries(codesOf(id))
      .filter(([, entry]) => entry.outcome === 'success')
      .map(([code]) => code)
      .sort();
    expect(success).toEqual([...codes].sort());
  });

  it('says what every code means', () => {
    for (const { operation } of operations) {
      for (const [code, entry] of Object.entries(operation['x-codes'] ?? {})) {
        expect(entry.meaning, `${operation.operationId} ${code}`).toBeTruthy();
      }
    }
  });

  it('gives a generic failure body with a message to every 4xx and 5xx, and an error field to account saves', () => {
    for (const { method, path, operation } of operations) {
      for (const [status, response] of Object.entries(operation.responses)) {
        if (Number(status) < 400) continue;
        const ref = response.$ref ?? '';
        const expected =
          path === '/user' && method !== 'get' && (status === '400' || status === '500')
            ? /AccountSave/
            : path === '/websigning'
              ? /Signing/
              : // The document before signing answers as the signing call does, and busy while many are being made.
                path === '/signing-preview'
                ? /Signing|ServiceUnavailable$/
                : /(BadRequest|Unauthorized|Forbidden|DownloadExpired|RangeNotSatisfiable|NotFound|TooManyRequests|ServerError|ServiceUnavailable)$/;
        expect(ref, `${method} ${path} ${status}`).toMatch(expected);
      }
    }
  });
});
