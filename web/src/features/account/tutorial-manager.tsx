/**
 * The organisation's own tutorials, for its administrators (`POST /tutorial`): add a video
 * (MP4 or WebM, at most 200 MB) or a PDF (at most 20 MB) with its title and the page it
 * explains; change one's title, page or file; remove one. The server tells a file's type by
 * its content and answers a refusal in words, shown above the form, which keeps what was
 * typed and chosen. The tutorials every organisation sees have no id and are not listed here.
 */
import type { TutorialItem } from '@formsign/sdk';
import { useId, useRef, useState, type FormEvent } from 'react';
import { api } from '../../api/client.ts';
import { useMutation } from '../../api/use-mutation.ts';
import { FormError, FormSuccess } from '../../components/form-error.tsx';
import { routes } from '../../routes/route-table.ts';

type Kind = 'video' | 'pdf';

interface Owned {
  kind: Kind;
  item: TutorialItem & { id: number };
}

/** The pages a tutorial can explain: "Getting started", then the side menu's pages. */
const pageChoices: { value: string; label: string }[] = (() => {
  const choices = new Map<string, string>([['general', 'Getting started']]);
  for (const route of routes) {
    const name = route.menu[0]?.name;
    if (name && route.pageKey && !choices.has(route.pageKey)) choices.set(route.pageKey, name);
  }
  return [...choices].map(([value, label]) => ({ value, label }));
})();

const pageName = (path: string): string => pageChoices.find((choice) => choice.value === path)?.label ?? path;

const accepts: Record<Kind, string> = { video: 'video/mp4,video/webm,.mp4,.webm', pdf: 'application/pdf,.pdf' };

export function TutorialManager({ videos, pdfs, onChanged }: { videos: TutorialItem[]; pdfs: TutorialItem[]; onChanged: () => void }) {
  const id = useId();
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
    (input: { kind: Kind; id?: number; title: string; path: string; file?: File }, options) => api.tutorials.save(input, options),
    {
      onSuccess: (_items, input) => {
        setDone(input.id ? `"${input.title}" is changed.` : `"${input.title}" is added.`);
        clear();
        onChanged();
      },
    },
  );
  const remove = useMutation((input: Owned, options) => api.tutorials.remove({ kind: input.kind, id: input.item.id }, options), {
    onSuccess: (_items, input) => {
      setDone(`"${input.item.title}" is removed.`);
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
  return (
    <section className="card" aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`}>Your organisation&apos;s tutorials</h2>
      {owned.length ? (
        <ul className="help-list" aria-label="Your organisation's tutorials">
          {owned.map((entry) => (
            <li key={`${entry.kind}-${entry.item.id}`} className="help-item">
              <span className="help-item__text">
                <span className="help-item__title">{entry.item.title}</span>
                <span className="help-item__meta">
                  {entry.kind === 'video' ? 'Video' : 'PDF'} · {pageName(entry.item.path)}
                </span>
              </span>
              <button type="button" className="button button--secondary" onClick={() => change(entry)} aria-label={`Change ${entry.item.title}`}>
                Change
              </button>
              <button
                type="button"
                className="button button--secondary"
                disabled={remove.busy}
                onClick={() => {
                  setDone(null);
                  void remove.run(entry);
                }}
                aria-label={`Remove ${entry.item.title}`}
              >
                Remove
              </button>
            </li>
          ))}
        </ul>
      ) : (
        <p className="muted">Your organisation has no tutorials of its own yet. Add a video or a PDF for your team below.</p>
      )}
      <form onSubmit={submit} noValidate aria-label={editing ? `Change ${editing.item.title}` : 'Add a tutorial'}>
        <h3>{editing ? `Change "${editing.item.title}"` : 'Add a tutorial'}</h3>
        <FormError message={save.error ?? remove.error} />
        <FormSuccess message={done} />
        {editing ? null : (
          <div className="field">
            <label htmlFor={`${id}-kind`}>Kind</label>
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
              <option value="video">Video (MP4 or WebM, up to 200 MB)</option>
              <option value="pdf">PDF (up to 20 MB)</option>
            </select>
          </div>
        )}
        <div className="field">
          <label htmlFor={`${id}-title`}>Title</label>
          <input id={`${id}-title`} className="input" value={title} maxLength={200} onChange={(event) => setTitle(event.target.value)} />
        </div>
        <div className="field">
          <label htmlFor={`${id}-page`}>Page it explains</label>
          <select id={`${id}-page`} className="select" value={path} onChange={(event) => setPath(event.target.value)}>
            {pageChoices.map((choice) => (
              <option key={choice.value} value={choice.value}>
                {choice.label}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor={`${id}-file`}>{editing ? 'New file (optional)' : 'File'}</label>
          <input
            id={`${id}-file`}
            ref={fileInput}
            className="input"
            type="file"
            accept={accepts[shownKind]}
            onChange={(event) => setFile(event.target.files?.[0] ?? null)}
          />
          <span className="field__hint">{shownKind === 'video' ? 'An MP4 or WebM video of at most 200 MB.' : 'A PDF of at most 20 MB.'}</span>
        </div>
        <div className="form-actions">
          <button type="submit" className="button" disabled={save.busy}>
            {save.busy ? 'Uploading…' : editing ? 'Save changes' : 'Add tutorial'}
          </button>
          {editing ? (
            <button type="button" className="button button--secondary" onClick={clear}>
              Cancel
            </button>
          ) : null}
        </div>
      </form>
    </section>
  );
}
