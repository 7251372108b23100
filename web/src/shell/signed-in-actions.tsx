/** The top bar's signed-in actions: the help menu, the envelope counter (administrators) and the user's name and role. */
import type { LoggedInUser } from '@formsign/sdk';
import { useLingui } from '@lingui/react';
import { roleLabel } from '../session/session.tsx';
import { EnvelopeCounter } from './envelope-counter.tsx';
import { HeaderHelpMenu } from './help-menus.tsx';

function UserBadge({ user }: { user: LoggedInUser }) {
  const { _ } = useLingui();
  const name = `${user.first_name} ${user.last_name}`.trim() || user.name;
  const initials = name
    .split(/\s+/)
    .map((part) => part[0] ?? '')
    .join('')
    .slice(0, 2)
    .toUpperCase();
  return (
    <div className="user-badge">
      <span className="user-badge__avatar" aria-hidden="true">
        {user.img ? <img src={user.img} alt="" /> : initials}
      </span>
      <span className="user-badge__text">
        <span className="user-badge__name" data-testid="user-name">
          {name}
        </span>
        <span className="user-badge__role" data-testid="user-role">
          {_(roleLabel(user))}
        </span>
      </span>
    </div>
  );
}

export default function SignedInActions({ user }: { user: LoggedInUser }) {
  return (
    <>
      <HeaderHelpMenu />
      <EnvelopeCounter user={user} />
      <UserBadge user={user} />
    </>
  );
}
