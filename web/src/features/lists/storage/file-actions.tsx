/** A stored file's actions: open it in a new tab, download it under its name, or delete it (the page asks first, through `FileDeleter`). */
import type { StorageFile } from '@formsign/sdk';
import { Trans } from '@lingui/react/macro';
import { createContext, useContext } from 'react';

export const FileDeleter = createContext<((file: StorageFile) => void) | null>(null);

export function FileActions({ file }: { file: StorageFile }) {
  const askDelete = useContext(FileDeleter);
  if (!askDelete) throw new Error('FileActions needs <FileDeleter.Provider> above it.');
  const { name } = file;
  return (
    <div className="cell-actions">
      <a className="button button--secondary button--small" href={file.url} target="_blank" rel="noopener noreferrer">
        <Trans>
          Open<span className="visually-hidden"> {name} (opens in a new tab)</span>
        </Trans>
      </a>
      <a className="button button--ghost button--small" href={file.url} download={file.name}>
        <Trans>Download</Trans>
        <span className="visually-hidden"> {name}</span>
      </a>
      <button type="button" className="button button--ghost button--small" onClick={() => askDelete(file)}>
        <Trans>Delete</Trans>
        <span className="visually-hidden"> {name}</span>
      </button>
    </div>
  );
}
