/**
 * The company's wording of the interface (`/get-strings`, changed with `/save-strings`): for
 * each language the interface is written in, every text a company may reword (wording.ts),
 * with the interface's own text and the company's, empty when it keeps the interface's.
 * Save sends only what changed: a new text, or null for a text put back to the default. The
 * answer is the company's strings as they are now, which the shell shows at once. A failed
 * save shows the server's text and keeps what was typed; so does a change of tab, the draft
 * being held by the settings page.
 */
import type { Strings, StringsChange } from '@formsign/sdk';
import type { MessageDescriptor } from '@lingui/core';
import { msg, plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useId, useState, type FormEvent } from 'react';
import { api } from '../../api/client.ts';
import { useMutation } from '../../api/use-mutation.ts';
import { FormError } from '../../components/form-error.tsx';
import { ListFailure } from '../../lists/data-table.tsx';
import { useDataGroup } from '../../lists/use-data-group.ts';
import { useViewer } from '../../session/session.tsx';
import { interfaceLanguages, offeredLanguages } from '../../shell/languages.ts';
import { useNotify } from '../../shell/notifications.tsx';
import { useStrings } from '../../shell/strings.tsx';
import { wordingChange, wordingEntries, wordingGroups, type WordingEntry, type WordingGroup } from '../../shell/wording.ts';

/** What was typed and not saved yet: per language code, per interface text, the text typed ('' for the default). */
export type WordingDraft = Record<string, Record<string, string>>;

/** The editor's own words for each group of texts (the group's name is the key the texts are listed under). */
const groupWords: Record<WordingGroup, { title: MessageDescriptor; hint: MessageDescriptor }> = {
  Menu: { title: msg`Menu`, hint: msg`The side menu’s entries and headings. An entry’s name is also the title of its page.` },
  'Page titles': { title: msg`Page titles`, hint: msg`The titles of pages that are not in the menu.` },
  'Top bar and help': { title: msg`Top bar and help`, hint: msg`The top bar’s buttons, the help menus and Sign out.` },
};

/** The longest text the contract takes (`StringsChange.strings`). */
const maxTextLength = 500;

function matches(entry: WordingEntry, shown: string, filter: string): boolean {
  const words = filter.trim().toLocaleLowerCase();
  return !words || entry.text.toLocaleLowerCase().includes(words) || shown.toLocaleLowerCase().includes(words);
}

export default function InterfaceWording({ draft, onDraft }: { draft: WordingDraft; onDraft(draft: WordingDraft): void }) {
  const id = useId();
  const { t, i18n } = useLingui();
  const viewer = useViewer();
  const notify = useNotify();
  const { showStrings } = useStrings();
  const strings = useDataGroup(
    'wording',
    null as Strings | null,
    (company: number, options) => api.strings.get(company, options),
    viewer?.company ?? 0,
  );
  const [language, setLanguage] = useState(interfaceLanguages[0]?.code ?? 'en');
  const [filter, setFilter] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const save = useMutation((change: StringsChange, options) => api.strings.save(change, options), {
    onSuccess: (answer, change) => {
      strings.set(answer);
      showStrings(answer);
      // What was sent is the company's now; anything else typed stays a draft.
      const left = Object.fromEntries(Object.entries(draft[change.language] ?? {}).filter(([text]) => !(text in change.strings)));
      onDraft({ ...draft, [change.language]: left });
      const count = Object.keys(change.strings).length;
      const name = offeredLanguages(answer).find((offered) => offered.code === change.language)?.name ?? change.language;
      notify({
        type: 'success',
        title: t`Interface wording saved`,
        description: t`${plural(count, { one: '# text', other: '# texts' })} changed in ${name}.`,
      });
    },
  });

  if (strings.error) return <ListFailure message={strings.message ?? ''} onRetry={strings.refetch} />;
  if (!strings.data) {
    return (
      <div className="spinner" role="status">
        <Trans>Loading the interface wording…</Trans>
      </div>
    );
  }
  const own = strings.data.strings[language] ?? {};
  const typed = draft[language] ?? {};
  const valueOf = (text: string): string => typed[text] ?? own[text] ?? '';
  const change = wordingChange(wordingEntries, own, typed);
  const changed = Object.keys(change).length;
  const typedFilter = filter.trim();
  const inputId = (entry: WordingEntry): string => `${id}-text-${wordingEntries.indexOf(entry)}`;

  const type = (text: string, value: string): void => {
    setProblem(null);
    if (save.error) save.reset();
    onDraft({ ...draft, [language]: { ...typed, [text]: value } });
  };
  const submit = (event: FormEvent<HTMLFormElement>): void => {
    event.preventDefault();
    if (changed === 0) {
      setProblem(t`Nothing to save: type a new text, or reset one to its default, first.`);
      return;
    }
    setProblem(null);
    void save.run({ language, strings: change });
  };

  const groups = wordingGroups
    .map((group) => ({
      ...group,
      entries: wordingEntries.filter((entry) => entry.group === group.name && matches(entry, valueOf(entry.text), filter)),
    }))
    .filter((group) => group.entries.length > 0);

  return (
    <section className="card account-section" aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`}>
        <Trans>Interface wording</Trans>
      </h2>
      <p className="muted">
        <Trans>
          Word the menu, the page titles and the help menus as your company speaks. Everyone in your company sees your words; an empty text shows the
          interface’s own.
        </Trans>
      </p>
      <form onSubmit={submit} noValidate>
        <div className="toolbar">
          <div className="field">
            <label htmlFor={`${id}-language`}>
              <Trans>Language</Trans>
            </label>
            <select id={`${id}-language`} className="select" value={language} onChange={(event) => setLanguage(event.target.value)}>
              {offeredLanguages(strings.data).map((offered) => (
                <option key={offered.code} value={offered.code}>
                  {offered.name}
                </option>
              ))}
            </select>
          </div>
          <div className="field">
            <label htmlFor={`${id}-filter`}>
              <Trans>Find a text</Trans>
            </label>
            <input id={`${id}-filter`} className="input" type="search" value={filter} onChange={(event) => setFilter(event.target.value)} />
          </div>
        </div>
        <FormError message={problem ?? save.error} />
        <fieldset className="account-fieldset account-fieldset--plain" disabled={save.busy}>
          <legend className="visually-hidden">
            <Trans>Your company’s texts</Trans>
          </legend>
          {groups.length === 0 ? (
            <p className="muted">
              <Trans>No text matches “{typedFilter}”.</Trans>
            </p>
          ) : null}
          {groups.map((group) => (
            <div key={group.name}>
              <h3 className="account-subheading" id={`${id}-${group.name}`}>
                {i18n._(groupWords[group.name].title)}
              </h3>
              <p className="field__hint">{i18n._(groupWords[group.name].hint)}</p>
              <div className="table-wrap">
                <table className="table account-wording" aria-labelledby={`${id}-${group.name}`}>
                  <thead>
                    <tr>
                      <th scope="col">
                        <Trans>Interface text</Trans>
                      </th>
                      <th scope="col">
                        <Trans>Your company’s text</Trans>
                      </th>
                      <th scope="col">
                        <span className="visually-hidden">
                          <Trans>Actions</Trans>
                        </span>
                      </th>
                    </tr>
                  </thead>
                  <tbody>
                    {group.entries.map((entry) => {
                      const value = valueOf(entry.text);
                      return (
                        <tr key={entry.text}>
                          <th scope="row">
                            <label htmlFor={inputId(entry)}>{entry.text}</label>
                          </th>
                          <td>
                            <input
                              id={inputId(entry)}
                              className="input"
                              value={value}
                              placeholder={entry.text}
                              maxLength={maxTextLength}
                              onChange={(event) => type(entry.text, event.target.value)}
                            />
                          </td>
                          <td>
                            <button
                              type="button"
                              className="button button--ghost button--small"
                              disabled={value === ''}
                              onClick={() => {
                                type(entry.text, '');
                                document.getElementById(inputId(entry))?.focus();
                              }}
                            >
                              <Trans>Reset to default</Trans>
                              <span className="visually-hidden"> {entry.text}</span>
                            </button>
                          </td>
                        </tr>
                      );
                    })}
                  </tbody>
                </table>
              </div>
            </div>
          ))}
        </fieldset>
        <div className="form-actions">
          <button type="submit" className="button" disabled={save.busy}>
            {save.busy ? t`Saving…` : t`Save wording`}
          </button>
          <span className="muted" role="status">
            {changed === 0 ? '' : t`${plural(changed, { one: '# text changed, not saved yet.', other: '# texts changed, not saved yet.' })}`}
          </span>
        </div>
      </form>
    </section>
  );
}
