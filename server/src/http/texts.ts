/**
 * The texts the server answers failures with. They are the contract's own examples of each
 * failure (`components.responses`); `texts.test.ts` keeps them equal.
 */
export const failureTexts = {
  badRequest: 'Some of the values sent are not valid.',
  unauthorized: 'Your session has expired. Please log in again.',
  forbidden: 'Only administrators can do this.',
  notFound: 'This item does not exist or was deleted.',
  tooManyRequests: 'Too many requests. Please wait a minute and try again.',
  /** The XSRF double-submit check failed (the same words as the mock-mode proxy). */
  xsrf: 'The request could not be verified. Please reload the page and try again.',
} as const;
