/**
 * Every named failure example of the contract, reached through the friendly layer with
 * `Prefer: code=..., example=...`, must reject with an `ApiError` of its status and the exact
 * text the product shows (the catalogue and each operation's codes).
 */
import { describe, expect, it } from 'vitest';
import { ApiError, operations, type FormsignClient, type OperationId } from '../src/index.js';
import { examplesOf, type NamedExample } from './support/contract.js';
import { mockClient } from './support/mock-server.js';
import { operationCalls } from './support/operation-calls.js';
import {
  activateTexts,
  bandText,
  confirmEmailTexts,
  forgotPasswordTexts,
  formLoadFailed,
  loginTexts,
  registerTexts,
  setNewPasswordTexts,
  usersFetchFailed,
} from './support/texts.js';

const client: FormsignClient = mockClient();

function field(value: unknown, name: 'message' | 'error'): string {
  const text = typeof value === 'object' && value !== null ? (value as Record<string, unknown>)[name] : undefined;
  return typeof text === 'string' ? text : '';
}

/** The text the specification gives a failure status's example, by the operation's rule. */
function failureText({ operationId, status, value }: NamedExample): string {
  switch (operationId) {
    case 'listUsers':
      return usersFetchFailed;
    case 'updateProfile':
    case 'saveCompany':
      return field(value, 'error') || bandText(status);
    case 'webSigning':
    case 'signingPreview':
      return field(value, 'error') || formLoadFailed;
    default:
      return field(value, 'message') || bandText(status);
  }
}

const failureExamples = (Object.keys(operations) as OperationId[]).flatMap((id) => examplesOf(id).filter((example) => example.status >= 300));

/** The 200 examples that carry a failing application code, with their texts. */
const codeTables: Partial<Record<OperationId, Record<string, string>>> = {
  login: loginTexts,
  register: registerTexts,
  activate: activateTexts,
  confirmEmail: confirmEmailTexts,
  forgotPassword: forgotPasswordTexts,
  setNewPassword: setNewPasswordTexts,
};

const codeExamples = (Object.keys(codeTables) as OperationId[]).flatMap((id) =>
  examplesOf(id).flatMap((example) => {
    const code = (example.value as { code: number }).code;
    const text = codeTables[id]?.[String(code)];
    if (text === undefined) return [];
    // Login shows the server's message when it gave one.
    const message = id === 'login' ? field(example.value, 'message') || text : text;
    return [{ ...example, code, message }];
  }),
);

async function failure(example: NamedExample): Promise<ApiError> {
  try {
    await operationCalls[example.operationId](client, { headers: { Prefer: `code=${example.status}, example=${example.name}` } });
  } catch (error) {
    if (error instanceof ApiError) return error;
    throw error;
  }
  throw new Error(`${example.operationId} ${example.status} ${example.name} did not fail`);
}

describe('failure statuses', () => {
  it('every operation has failure examples', () => {
    expect(new Set(failureExamples.map((example) => example.operationId)).size).toBe(Object.keys(operations).length);
  });

  it.each(failureExamples.map((example) => ({ ...example, label: `${example.operationId} ${example.status} ${example.name}` })))(
    '$label',
    async (example) => {
      const error = await failure(example);
      expect({ status: error.status, message: error.message }).toEqual({ status: example.status, message: failureText(example) });
    },
  );
});

describe('failing application codes (HTTP 200)', () => {
  it('reaches some of each table', () => {
    expect(new Set(codeExamples.map((example) => example.operationId))).toEqual(new Set(Object.keys(codeTables)));
  });

  it.each(codeExamples.map((example) => ({ ...example, label: `${example.operationId} ${example.name} (code ${example.code})` })))(
    '$label',
    async (example) => {
      const error = await failure(example);
      expect({ status: error.status, code: error.code, message: error.message }).toEqual({
        status: 200,
        code: example.code,
        message: example.message,
      });
    },
  );
});

describe('web signing failures in a 200', () => {
  it.each(examplesOf('webSigning').filter((example) => example.status === 200 && field(example.value, 'error') !== ''))('$name', async (example) => {
    const error = await failure(example);
    expect({ status: error.status, message: error.message }).toEqual({ status: 200, message: field(example.value, 'error') });
  });
});

describe('an answer of the wrong shape', () => {
  it('the product list answered with a checkout session', async () => {
    const error = await failure({ operationId: 'manageProducts', status: 200, name: 'checkout', value: undefined });
    expect({ status: error.status, message: error.message }).toEqual({ status: 200, message: 'Unexcepted error. Please try again later.' });
  });
});
