/**
 * The envelope counter: administrators only. It shows the unused
 * envelopes with what they are ("312 envelopes left"), coloured 'twenty' or 'forty' as the
 * machine decides, and links to the envelopes tab of the account page. A completed purchase
 * makes it ask for the count again.
 */
import { accountApi } from '@formsign/sdk';
import type { LoggedInUser } from '@formsign/sdk';
import { envelopeCounterMachine, fromRequest } from '@formsign/machines';
import { plural } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { useMachine } from '@xstate/react';
import { useEffect } from 'react';
import { Link } from 'react-router-dom';
import { area } from '../api/client.ts';
import { Icon } from '../components/icon.tsx';
import { inspectOption } from '../session/inspection.ts';
import { onEnvelopesChanged } from './envelope-changes.ts';

const accountCalls = area(accountApi);

const counterLogic = envelopeCounterMachine.provide({
  actors: { countUnusedEnvelopes: fromRequest((_input: unknown, options) => accountCalls.countUnusedEnvelopes(options)) },
});

/** Where the counter leads: the account page's envelopes tab. */
export const envelopesHref = '/account?tab=2';

export function EnvelopeCounter({ user }: { user: LoggedInUser }) {
  const [snapshot, send] = useMachine(counterLogic, {
    input: { isAdmin: user.isAdmin, envelopes: user.envelopes, storage: window.localStorage },
    ...inspectOption(),
  });
  useEffect(() => onEnvelopesChanged(() => send({ type: 'envelopes.refresh' })), [send]);
  const { t } = useLingui();
  const { unused, level } = snapshot.context;
  if (snapshot.matches('hidden') || unused === null) return null;
  const left = t`${plural(unused, { one: '# envelope left', other: '# envelopes left' })}`;
  return (
    <Link
      to={envelopesHref}
      className={`envelope-counter${level ? ` envelope-counter--${level}` : ''}`}
      data-level={level ?? 'none'}
      aria-label={level ? t`${left}, running low: buy more` : t`${left}: buy more`}
    >
      <Icon name="envelope" />
      <span className="envelope-counter__text" aria-hidden="true">
        <span className="envelope-counter__count">{unused}</span>{' '}
        <span className="envelope-counter__label">{t`${plural(unused, { one: 'envelope left', other: 'envelopes left' })}`}</span>
      </span>
    </Link>
  );
}
