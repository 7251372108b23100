/**
 * The texts the server answers failures with. They are the contract's own examples of each
 * failure (`components.responses`); `http.test.ts` keeps them equal.
 */
import { msg } from '#words';

export const failureTexts = {
  badRequest: msg({ message: 'Some of the values sent are not valid.' }),
  /** The validation refused these fields (`email`, `users[2].email`). */
  badFields: msg({ message: 'Some of the values sent are not valid: {fields}.' }),
  /** A call that takes a body was sent none. */
  noBody: msg({ message: 'Some of the values sent are not valid: the body.' }),
  unauthorized: msg({ message: 'Your session has expired. Please log in again.' }),
  forbidden: msg({ message: 'Only administrators can do this.' }),
  notFound: msg({ message: 'This item does not exist or was deleted.' }),
  tooManyRequests: msg({ message: 'Too many requests. Please wait a minute and try again.' }),
  /** The XSRF double-submit check failed (the same words as the mock-mode proxy). */
  xsrf: msg({ message: 'The request could not be verified. Please reload the page and try again.' }),
  tooLarge: msg({ message: 'The request is too large.' }),
  /** A call the contract does not have. */
  noSuchCall: msg({ message: 'There is no such call.' }),
};
