/**
 * The product's failure texts (the catalogue and each operation's codes), written out here on purpose: the
 * SDK takes them from the generated tables, and these tests check that what it shows is
 * exactly what the specification says.
 */
export const serverError = 'Internal error. please try again';
export const clientError = 'Bad network. please try again';
export const unexpected = 'Unexcepted error. Please try again later.';
export const usersFetchFailed = 'Could not fetch users. Please try again later.';
export const formLoadFailed = 'The form couldn’t be loaded. If this keeps happening, please contact support.';
export const offline = 'No internet connection. Please check your network and try again.';

/** The text of a failure without a server message, by status band. */
export function bandText(status: number): string {
  if (status >= 500) return serverError;
  if (status >= 400) return clientError;
  return unexpected;
}

const retry = 'Unexcepted error, Please try again later.';

/** Each failing login code's text, used when the server's `message` is empty. */
export const loginTexts: Record<string, string> = {
  '0': 'The user name or password is incorrect.',
  '-1': 'Your account is not active yet. Please use the link in your activation email.',
  '-2': 'Your account has been blocked. Please contact your administrator.',
  '-208': 'Attempt limit exceeded, please try after some time.',
  '-3': 'Your organisation signs in with its own provider. Use its sign-in button.',
};

export const forgotPasswordTexts: Record<string, string> = {
  '-1': retry,
  '-201': retry,
  '-4': retry,
  '-204': retry,
  '-207': 'Verification code fails to deliver to email address. Please try again later.',
  '-208': 'Attempt limit exceeded, please try after some time.',
  '-3': '',
  '-203': '',
};

export const setNewPasswordTexts: Record<string, string> = {
  '-1': retry,
  '-6': retry,
  '-3': 'You have already set a new password with this link.',
  '-5': 'The password request link expired. Please request a new password request.',
};

export const registerTexts: Record<string, string> = {
  '-1': 'Parameter failed.',
  '-2': 'This user name is taken. Please choose another one.',
};

export const activateTexts: Record<string, string> = {
  '-1': 'This activation link is not valid.',
  '-3': 'This account is already active. You can log in.',
};

export const confirmEmailTexts: Record<string, string> = {
  '-1': 'This link is not valid. Please use the link from your email as it is.',
  '-2': 'This email address is now used by another account, so your email address was not changed.',
  '-3': 'This link has been used already: your email address is already changed.',
  '-4': 'This link no longer works: a later change of email address was asked for, or the password was changed. Please ask again from My Account.',
  '-5': 'This link has expired. Please change your email address again from My Account.',
};

export const inviteTexts: Record<string, string> = {
  '1': 'Invitation sent successfully.',
  '0': 'Undefined error.',
  '-1': 'Parameter failed.',
  '-2': 'User already exists.',
};
