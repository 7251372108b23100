/** Where the person is in their documents (a breadcrumb trail) and the folders inside it, as links. */
import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from 'react-router-dom';
import { Icon } from '../../../components/icon.tsx';
import { childFolder, folderSearch, folderSegments } from './folder-path.ts';

export interface FolderBrowserProps {
  folder: string;
  folders: readonly string[];
  /** The rows per page to keep when moving between folders. */
  limit: string | null;
}

export function FolderBrowser({ folder, folders, limit }: FolderBrowserProps) {
  const { t } = useLingui();
  const segments = folderSegments(folder);
  const trail = [{ name: t`Documents`, path: '' }, ...segments.map((name, index) => ({ name, path: segments.slice(0, index + 1).join('/') }))];
  return (
    <section className="card storage-browser" aria-label={t`Folders`}>
      <nav className="breadcrumbs" aria-label={t`Folder path`}>
        <ol>
          {trail.map((step, index) =>
            index === trail.length - 1 ? (
              <li key={step.path}>
                <span aria-current="page">{step.name}</span>
              </li>
            ) : (
              <li key={step.path}>
                <Link to={folderSearch(step.path, limit)}>{step.name}</Link>
              </li>
            ),
          )}
        </ol>
      </nav>
      {folders.length > 0 ? (
        <ul className="folder-list">
          {folders.map((name) => (
            <li key={name}>
              <Link className="folder-link" to={folderSearch(childFolder(folder, name), limit)}>
                <Icon name="mystorage" />
                <Trans>
                  {name}
                  <span className="visually-hidden"> (folder)</span>
                </Trans>
              </Link>
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}
