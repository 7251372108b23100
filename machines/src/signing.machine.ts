/**
 * A form opened from a link (`POST /websigning`): load it, then submit it (web and open
 * signing), or approve or disapprove it (open pending), and show the receipt. Answers can be
 * saved as a draft on the way (designed): the form stays open and says they are kept. A failed load
 * shows the failure with a retry; a failed send goes back to the form, which keeps what the
 * person typed, and says why. The failure texts are the SDK's: the server's `error`, else the
 * catalogue's form-load text, or the offline text. A link's signer may decline the form with
 * a reason instead (designed): a failed decline goes back to the form and says why. A form
 * that is gone (withdrawn: 404) is not loaded again.
 *
 * A place that asks its holder to prove who they are first answers the load with what to give
 * (designed): the holder asks for a code by email (`send-code`) or types the access code their
 * sender gave them, and checks it (`check-code`). A refused code stays on the question with its
 * reason; the right one answers a proof, which every later call of the link carries, and the form loads.
 *
 * Where the form's sender allows it, a signer may hand their place on to someone else (designed):
 * a name, an email address and a reason (`delegate`). Handed on, the flow ends with the receipt
 * (the link no longer opens the form); refused, it goes back to the form, which keeps what
 * was typed for the new person, and says why.
 */
import { errorMessage, notProvided } from './request-actor.js';
import {
  ApiError,
  errorTexts,
  type SigningForm,
  type SigningReceipt,
  type SigningVerification,
  type WebSigningData,
  type WebSigningRequest,
} from '@formsign/sdk/contract';
import { assign, setup } from 'xstate';

/** What the link says: the page id, and the token, references and order of its query; and the proof of who opens it, once given. */
export type SigningLink = Pick<WebSigningRequest, 'id' | 'token' | 'refs' | 'order' | 'uuid' | 'proof'>;

export type SigningAction = 'submit' | 'approve' | 'disapprove';

export type SigningAnswers = Pick<WebSigningRequest, 'values' | 'signature' | 'initials' | 'comment' | 'consent'>;

/** Who a place is handed on to, and why. */
export type SigningDelegate = NonNullable<WebSigningRequest['delegate']>;

export interface SigningContext {
  link: SigningLink;
  form: SigningForm | null;
  receipt: SigningReceipt | null;
  /** Why the form could not be loaded, or null. */
  loadError: string | null;
  /** Why the last send failed, or null. */
  sendError: string | null;
  /** What is being (or was last) sent. */
  action: SigningAction | null;
  answers: SigningAnswers;
  /** What the server said when a draft was saved, or null. */
  draftSaved: string | null;
  /** The form is gone (withdrawn by its sender): loading it again cannot help. */
  loadGone: boolean;
  /** Why the last decline failed, or null. */
  declineError: string | null;
  /** The reason the signer gave for declining (kept when the decline fails). */
  declineReason: string;
  /** What the place asks its holder to give before the form opens, and where it stands; null when it asks nothing. */
  verification: SigningVerification | null;
  /** Why the last code was not sent or not taken, or null. */
  codeError: string | null;
  /** Who the place is being (or was last) handed on to, kept when the hand-over fails; null before. */
  delegate: SigningDelegate | null;
  /** Why the last hand-over failed, or null. */
  delegateError: string | null;
}

export type SigningEvent =
  | { type: 'signing.load' }
  | { type: 'signing.send'; action: SigningAction; answers: SigningAnswers }
  | { type: 'signing.saveDraft'; answers: SigningAnswers }
  | { type: 'signing.decline'; reason: string }
  | { type: 'signing.sendCode' }
  | { type: 'signing.checkCode'; code: string }
  | { type: 'signing.delegate'; delegate: SigningDelegate };

/** Said when a draft is saved and the server gave no words of its own. */
export const draftSavedText = 'Your answers have been saved. Open this link again to finish.';

export function isSigningForm(data: WebSigningData): data is SigningForm {
  return typeof data === 'object' && data !== null && 'fields' in data && Array.isArray(data.fields);
}

export function isVerification(data: WebSigningData): data is SigningVerification {
  return typeof data === 'object' && data !== null && 'verification' in data && typeof data.verification === 'string';
}

function isReceipt(data: WebSigningData): data is SigningReceipt {
  return typeof data === 'object' && data !== null && 'completed' in data && typeof data.completed === 'boolean';
}

const receiptStatus = { submit: 'signed', approve: 'approved', disapprove: 'disapproved' } as const;

/** The receipt of an answer; an answer without one still means the server took the form. */
export function receiptOf(action: SigningAction, data: WebSigningData): SigningReceipt {
  return isReceipt(data) ? data : { status: receiptStatus[action], completed: false, next: '', message: '' };
}

export const signingMachine = setup({
  types: {
    context: {} as SigningContext,
    events: {} as SigningEvent,
    input: {} as { link: SigningLink },
  },
  actors: {
    /** `api.signing.call`: answers `data`, rejects with the SDK's `ApiError`. */
    call: notProvided<WebSigningData, WebSigningRequest>('call'),
  },
}).createMachine({
  id: 'signing',
  context: ({ input }) => ({
    link: input.link,
    form: null,
    receipt: null,
    loadError: null,
    sendError: null,
    action: null,
    answers: {},
    draftSaved: null,
    loadGone: false,
    declineError: null,
    declineReason: '',
    verification: null,
    codeError: null,
    delegate: null,
    delegateError: null,
  }),
  initial: 'loading',
  states: {
    loading: {
      entry: assign({ loadError: null, loadGone: false }),
      invoke: {
        src: 'call',
        input: ({ context }) => ({ function: 'load' as const, ...context.link }),
        onDone: [
          {
            guard: ({ event }) => isSigningForm(event.output),
            target: 'ready',
            actions: assign({ form: ({ event }) => event.output as SigningForm }),
          },
          {
            guard: ({ event }) => isVerification(event.output),
            target: 'verifying',
            actions: assign({ verification: ({ event }) => event.output as SigningVerification, codeError: null }),
          },
          // An answer without a form is a load that failed without an error text.
          { target: 'loadFailed', actions: assign({ loadError: errorTexts.formLoadFailed }) },
        ],
        onError: {
          target: 'loadFailed',
          actions: assign({
            loadError: ({ event }) => errorMessage(event.error),
            loadGone: ({ event }) => event.error instanceof ApiError && event.error.status === 404,
          }),
        },
      },
    },
    loadFailed: {
      on: { 'signing.load': 'loading' },
    },
    verifying: {
      on: {
        'signing.sendCode': { target: 'sendingCode', actions: assign({ codeError: null }) },
        'signing.checkCode': { target: 'checkingCode', actions: assign({ codeError: null }) },
      },
    },
    sendingCode: {
      invoke: {
        src: 'call',
        input: ({ context }) => ({ function: 'send-code' as const, ...context.link }),
        onDone: [
          {
            guard: ({ event }) => isVerification(event.output),
            target: 'verifying',
            actions: assign({ verification: ({ event }) => event.output as SigningVerification }),
          },
          { target: 'verifying', actions: assign({ codeError: errorTexts.formLoadFailed }) },
        ],
        onError: { target: 'verifying', actions: assign({ codeError: ({ event }) => errorMessage(event.error) }) },
      },
    },
    checkingCode: {
      invoke: {
        src: 'call',
        input: ({ context, event }) => ({
          function: 'check-code' as const,
          ...context.link,
          code: event.type === 'signing.checkCode' ? event.code : '',
        }),
        onDone: [
          {
            // The right code: its proof goes with every later call of the link, starting with the load.
            guard: ({ event }) => isVerification(event.output) && typeof event.output.proof === 'string',
            target: 'loading',
            actions: assign({
              verification: ({ event }) => event.output as SigningVerification,
              link: ({ context, event }) => ({ ...context.link, proof: (event.output as SigningVerification).proof ?? '' }),
            }),
          },
          { target: 'verifying', actions: assign({ codeError: errorTexts.formLoadFailed }) },
        ],
        onError: { target: 'verifying', actions: assign({ codeError: ({ event }) => errorMessage(event.error) }) },
      },
    },
    ready: {
      on: {
        'signing.send': {
          target: 'sending',
          actions: assign({ action: ({ event }) => event.action, answers: ({ event }) => event.answers, sendError: null, draftSaved: null }),
        },
        'signing.saveDraft': {
          target: 'savingDraft',
          actions: assign({ answers: ({ event }) => event.answers, sendError: null, draftSaved: null }),
        },
        'signing.decline': {
          target: 'declining',
          actions: assign({ declineReason: ({ event }) => event.reason, declineError: null, draftSaved: null }),
        },
        'signing.delegate': {
          target: 'delegating',
          actions: assign({ delegate: ({ event }) => event.delegate, delegateError: null, draftSaved: null }),
        },
      },
    },
    delegating: {
      invoke: {
        src: 'call',
        input: ({ context }) => ({
          function: 'delegate' as const,
          ...context.link,
          delegate: context.delegate ?? { name: '', email: '', reason: '' },
        }),
        onDone: {
          target: 'done',
          actions: assign({
            receipt: ({ context, event }) =>
              isReceipt(event.output)
                ? event.output
                : { status: 'delegated' as const, completed: false, next: context.delegate?.name ?? '', message: '' },
          }),
        },
        onError: { target: 'ready', actions: assign({ delegateError: ({ event }) => errorMessage(event.error) }) },
      },
    },
    declining: {
      invoke: {
        src: 'call',
        input: ({ context }) => ({ function: 'decline' as const, ...context.link, comment: context.declineReason }),
        onDone: {
          target: 'done',
          actions: assign({
            receipt: ({ event }) =>
              isReceipt(event.output) ? event.output : { status: 'declined' as const, completed: false, next: '', message: '' },
          }),
        },
        onError: { target: 'ready', actions: assign({ declineError: ({ event }) => errorMessage(event.error) }) },
      },
    },
    savingDraft: {
      invoke: {
        src: 'call',
        input: ({ context }) => ({ function: 'save' as const, ...context.link, ...context.answers }),
        onDone: {
          target: 'ready',
          actions: assign({ draftSaved: ({ event }) => (isReceipt(event.output) && event.output.message ? event.output.message : draftSavedText) }),
        },
        onError: { target: 'ready', actions: assign({ sendError: ({ event }) => errorMessage(event.error) }) },
      },
    },
    sending: {
      invoke: {
        src: 'call',
        input: ({ context }) => ({ function: context.action ?? 'submit', ...context.link, ...context.answers }),
        onDone: { target: 'done', actions: assign({ receipt: ({ context, event }) => receiptOf(context.action ?? 'submit', event.output) }) },
        onError: { target: 'ready', actions: assign({ sendError: ({ event }) => errorMessage(event.error) }) },
      },
    },
    done: { type: 'final' },
  },
});
