/**
 * An SFTP integration's sign-in: the user name and a password or a private key, sent once
 * (`setIntegrationCredentials`) and never shown again; the page says only whether one is
 * kept. The server's host key, pinned on the first delivery, is shown as `ssh-keygen -l`
 * prints it, and can be forgotten when the server's key was changed on purpose. A failed save
 * keeps what was typed and says why.
 */
import type { Integration, IntegrationCredentials } from '@formsign/sdk';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useId, useState, type FormEvent } from 'react';
import { integrationsApi } from '@formsign/sdk';
import { area } from '../../api/client.ts';
import { useMutation } from '../../api/use-mutation.ts';
import { FormError } from '../../components/form-error.tsx';
import { useNotify } from '../../shell/notifications.tsx';

const integrationsCalls = area(integrationsApi);

const noUserName = msg`Enter the user name the server knows.`;
const noSecret = msg`Enter the password or paste the private key the server accepts.`;

export function SftpSignIn({ integration, onSaved }: { integration: Integration; onSaved(): void }) {
  const id = useId();
  const notify = useNotify();
  const { t, i18n } = useLingui();
  const [username, setUsername] = useState(integration.username);
  const [method, setMethod] = useState<'password' | 'key'>(integration.has_private_key && !integration.has_password ? 'key' : 'password');
  const [password, setPassword] = useState('');
  const [privateKey, setPrivateKey] = useState('');
  const [forget, setForget] = useState(false);
  const [problem, setProblem] = useState<MessageDescriptor | null>(null);
  const saving = useMutation((request: IntegrationCredentials, options) => integrationsCalls.setCredentials(request, options), {
    onSuccess: (saved) => {
      setPassword('');
      setPrivateKey('');
      setForget(false);
      const { title, username: user } = saved;
      notify({
        type: 'success',
        title: t`Sign-in saved`,
        description: saved.has_private_key
          ? t`${title} signs in to the SFTP server as ${user} with a private key.`
          : saved.has_password
            ? t`${title} signs in to the SFTP server as ${user} with a password.`
            : t`${title} signs in to the SFTP server as ${user}.`,
      });
      onSaved();
    },
  });
  const kept = integration.has_private_key
    ? t`A private key is kept.`
    : integration.has_password
      ? t`A password is kept.`
      : t`No password or key is kept yet.`;

  const hostKey = integration.host_key;

  const save = (event: FormEvent<HTMLFormElement>): void => {
    event.preventDefault();
    saving.reset();
    const name = username.trim();
    const secret = method === 'password' ? password : privateKey.trim();
    const found = !name ? noUserName : !secret && !integration.has_password && !integration.has_private_key ? noSecret : null;
    setProblem(found);
    if (found) return;
    void saving.run({
      sid: integration.sid,
      username: name,
      ...(secret ? (method === 'password' ? { password: secret } : { private_key: secret }) : {}),
      ...(forget ? { forget_host_key: true } : {}),
    });
  };

  return (
    <form onSubmit={save} noValidate className="ops-spaced" aria-labelledby={`${id}-heading`}>
      <h3 id={`${id}-heading`}>
        <Trans>Sign-in to the SFTP server</Trans>
      </h3>
      <FormError message={saving.error ?? (problem ? i18n._(problem) : null)} id={`${id}-failure`} />
      <p className="ops-quiet">
        {kept} <Trans>It is kept encrypted and is never shown again; enter a new one to replace it.</Trans>
      </p>
      <div className="ops-choices">
        <div className="field">
          <label htmlFor={`${id}-user`}>
            <Trans>User name</Trans>
          </label>
          <input
            id={`${id}-user`}
            className="input"
            autoComplete="off"
            value={username}
            maxLength={100}
            onChange={(event) => setUsername(event.target.value)}
          />
        </div>
        <div className="field">
          <label htmlFor={`${id}-method`}>
            <Trans>Signs in with</Trans>
          </label>
          <select
            id={`${id}-method`}
            className="select"
            value={method}
            onChange={(event) => setMethod(event.target.value === 'key' ? 'key' : 'password')}
          >
            <option value="password">{t`A password`}</option>
            <option value="key">{t`A private key`}</option>
          </select>
        </div>
      </div>
      {method === 'password' ? (
        <div className="field">
          <label htmlFor={`${id}-password`}>
            <Trans>Password</Trans>
          </label>
          <input
            id={`${id}-password`}
            className="input"
            type="password"
            autoComplete="new-password"
            value={password}
            maxLength={200}
            onChange={(event) => setPassword(event.target.value)}
          />
        </div>
      ) : (
        <div className="field">
          <label htmlFor={`${id}-key`}>
            <Trans>Private key</Trans>
          </label>
          <textarea
            id={`${id}-key`}
            className="input"
            rows={5}
            spellCheck={false}
            placeholder="-----BEGIN OPENSSH PRIVATE KEY-----"
            value={privateKey}
            maxLength={16000}
            onChange={(event) => setPrivateKey(event.target.value)}
          />
        </div>
      )}
      <p className="ops-quiet">
        {hostKey ? (
          <Trans>
            Server's host key: <span className="ops-code">{hostKey}</span>
          </Trans>
        ) : (
          <Trans>Server's host key: not met yet; it is pinned on the first delivery.</Trans>
        )}
      </p>
      {hostKey ? (
        <label className="checkbox">
          <input type="checkbox" checked={forget} onChange={(event) => setForget(event.target.checked)} />{' '}
          <Trans>Forget this key: the server's key was changed on purpose, pin the next one</Trans>
        </label>
      ) : null}
      <div className="form-actions">
        <button type="submit" className="button" disabled={saving.busy}>
          {saving.busy ? t`Saving…` : t`Save sign-in`}
        </button>
      </div>
    </form>
  );
}
