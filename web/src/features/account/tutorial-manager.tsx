/**
 * The organisation's own tutorials, for its administrators (`POST /tutorial`): add a video
 * (MP4 or WebM, at most 200 MB) or a PDF (at most 20 MB) with its title and the page it
 * explains; change one's title, page or file; remove one. The server tells a file's type by
 * its content and answers a refusal in words, shown above the form, which keeps what was
 * typed and chosen. The tutorials every organisation sees have no id and are not listed here.
 */
import { tutorialsApi } from '@formsign/sdk';
import type { TutorialItem } from '@formsign/sdk';
import { Trans, useLingui } from '@lingui/react/macro';
import { useId, useRef, useState, type FormEvent } from 'react';
import { area } from '../../api/client.ts';
import { useMutation } from '../../api/use-mutation.ts';
import { FormError, FormSuccess } from '../../components/form-error.tsx';
import { routes } from '../../routes/route-table.ts';
import { useStrings } from '../../shell/strings.tsx';

const tutorialsCalls = area(tutorialsApi);

type Kind = 'video' | 'pdf';

interface Owned {
  kind: Kind;
  item: TutorialItem & { id: number };
}

/** The pages a tutorial can explain: "Getting started" (`general`, no page of the menu), then the side menu's pages, by their names in it. */
const pageChoices: { value: string; menuName: string | null }[] = (() => {
  const choices = new Map<string, string | null>([['general', null]]);
  for (const route of routes) {
    const name = route.menu[0]?.name;
    if (name && route.pageKey && !choices.has(route.pageKey)) choices.set(route.pageKey, name);
  }
  return [...choices].map(([value, menuName]) => ({ value, menuName }));
})();

const accepts: Record<Kind, string> = { video: 'video/mp4,video/webm,.mp4,.webm', pdf: 'application/pdf,.pdf' };

function OwnedTutorial({
  entry,
  pageName,
  removing,
  onChange,
  onRemove,
}: {
  entry: Owned;
  pageName: string;
  removing: boolean;
  onChange(): void;
  onRemove(): void;
}) {
  const { t } = useLingui();
  const tutorial = entry.item.title;
  return (
    <li className="help-item">
      <span className="help-item__text">
        <span className="help-item__title">{tutorial}</span>
        <span className="help-item__meta">
          {entry.kind === 'video' ? t`Video` : 'PDF'} · {pageName}
        </span>
      </span>
      <button type="button" className="button button--secondary" onClick={onChange} aria-label={t`Change ${tutorial}`}>
        <Trans>Change</Trans>
      </button>
      <button type="button" className="button button--secondary" disabled={removing} onClick={onRemove} aria-label={t`Remove ${tutorial}`}>
        <Trans>Remove</Trans>
      </button>
    </li>
  );
}

export function TutorialManager({ videos, pdfs, onChanged }: { videos: TutorialItem[]; pdfs: TutorialItem[]; onChanged: () => void }) {
  const id = useId();
  const { t } = useLingui();
  const strings = useStrings();
  const pageName = (path: string): string => {
    const choice = pageChoices.find((each) => each.value === path);
    if (!choice) return path;
    return choice.menuName === null ? t`Getting started` : strings.t(choice.menuName);
  };
  const owned: Owned[] = [
    ...videos.flatMap((item) => (item.id ? [{ kind: 'video' as const, item: { ...item, id: item.id } }] : [])),
    ...pdfs.flatMap((item) => (item.id ? [{ kind: 'pdf' as const, item: { ...item, id: item.id } }] : [])),
  ];
  const [editing, setEditing] = useState<Owned | null>(null);
  const [kind, setKind] = useState<Kind>('video');
  const [title, setTitle] = useState('');
  const [path, setPath] = useState('general');
  const [file, setFile] = useState<File | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const [done, setDone] = useState<string | null>(null);

  const clear = (): void => {
    setEditing(null);
    setTitle('');
    setPath('general');
    setFile(null);
    if (fileInput.current) fileInput.current.value = '';
  };

  const save = useMutation(
    (input: { kind: Kind; id?: number; title: string; path: string; file?: File }, options) => tutorialsCalls.save(input, options),
    {
      onSuccess: (_items, input) => {
        const tutorial = input.title;
        setDone(input.id ? t`"${tutorial}" is changed.` : t`"${tutorial}" is added.`);
        clear();
        onChanged();
      },
    },
  );
  const remove = useMutation((input: Owned, options) => tutorialsCalls.remove({ kind: input.kind, id: input.item.id }, options), {
    onSuccess: (_items, input) => {
      const tutorial = input.item.title;
      setDone(t`"${tutorial}" is removed.`);
      if (editing?.item.id === input.item.id) clear();
      onChanged();
    },
  });

  const submit = (event: FormEvent): void => {
    event.preventDefault();
    setDone(null);
    remove.reset();
    void save.run({
      kind: editing?.kind ?? kind,
      ...(editing ? { id: editing.item.id } : {}),
      title,
      path,
      ...(file ? { file } : {}),
    });
  };

  const change = (chosen: Owned): void => {
    setDone(null);
    save.reset();
    setEditing(chosen);
    setTitle(chosen.item.title);
    setPath(chosen.item.path);
    setFile(null);
    if (fileInput.current) fileInput.current.value = '';
  };

  const shownKind = editing?.kind ?? kind;
  const tutorial = editing?.item.title ?? '';
  return (
    <section className="card" aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`}>
        <Trans>Your organisation&apos;s tutorials</Trans>
      </h2>
      {owned.length ? (
        <ul className="help-list" aria-label={t`Your organisation's tutorials`}>
          {owned.map((entry) => (
            <OwnedTutorial
              key={`${entry.kind}-${entry.item.id}`}
              entry={entry}
              pageName={pageName(entry.item.path)}
              removing={remove.busy}
              onChange={() => change(entry)}
              onRemove={() => {
                setDone(null);
                void remove.run(entry);
              }}
            />
          ))}
        </ul>
      ) : (
        <p className="muted">
          <Trans>Your organisation has no tutorials of its own yet. Add a video or a PDF for your team below.</Trans>
        </p>
      )}
      <form onSubmit={submit} noValidate aria-label={editing ? t`Change ${tutorial}` : t`Add a tutorial`}>
        <h3>{editing ? t`Change "${tutorial}"` : t`Add a tutorial`}</h3>
        <FormError message={save.error ?? remove.error} />
        <FormSuccess message={done} />
        {editing ? null : (
          <div className="field">
            <label htmlFor={`${id}-kind`}>
              <Trans>Kind</Trans>
            </label>
            <select
              id={`${id}-kind`}
              className="select"
              value={kind}
              onChange={(event) => {
                setKind(event.target.value === 'pdf' ? 'pdf' : 'video');
                setFile(null);
                if (fileInput.current) fileInput.current.value = '';
              }}
            >
              <option value="video">{t`Video (MP4 or WebM, up to 200 MB)`}</option>
              <option value="pdf">{t`PDF (up to 20 MB)`}</option>
            </select>
          </div>
        )}
        <div className="field">
          <label htmlFor={`${id}-title`}>
            <Trans>Title</Trans>
          </label>
          <input id={`${id}-title`} className="input" value={title} maxLength={200} onChange={(event) => setTitle(event.target.value)} />
        </div>
        <div className="field">
          <label htmlFor={`${id}-page`}>
            <Trans>Page it explains</Trans>
          </label>
          <select id={`${id}-page`} className="select" value={path} onChange={(event) => setPath(event.target.value)}>
            {pageChoices.map((choice) => (
              <option key={choice.value} value={choice.value}>
                {pageName(choice.value)}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor={`${id}-file`}>{editing ? t`New file (optional)` : t`File`}</label>
          <input
            id={`${id}-file`}
            ref={fileInput}
            className="input"
            type="file"
            accept={accepts[shownKind]}
            onChange={(event) => setFile(event.target.files?.[0] ?? null)}
          />
          <span className="field__hint">{shownKind === 'video' ? t`An MP4 or WebM video of at most 200 MB.` : t`A PDF of at most 20 MB.`}</span>
        </div>
        <div className="form-actions">
          <button type="submit" className="button" disabled={save.busy}>
            {save.busy ? t`Uploading…` : editing ? t`Save changes` : t`Add tutorial`}
          </button>
          {editing ? (
            <button type="button" className="button button--secondary" onClick={clear}>
              <Trans>Cancel</Trans>
            </button>
          ) : null}
        </div>
      </form>
    </section>
  );
}
