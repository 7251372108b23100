/**
 * Documents (`/mystorage`, `GET /manage-storage`): the company's document storage. The folder
 * browsed (`stored`), the page and the rows per page are kept in the URL, so a folder can be
 * linked to. The endpoint takes no filters and no sort.
 *
 * Designed where the specification is silent: a breadcrumb trail and the folder's sub-folders
 * at the top; the folder's files with their type, size and date, each opened in a new tab,
 * downloaded under its name, or deleted (asked first, `data[action]=delete`); beside them, how
 * much of the storage is used (`save.used` of `save.quota`), whether completed forms are saved
 * here automatically (`save.enabled`), and a form to save a completed form into the folder
 * (`data[action]=save`, picked from the newest completed forms).
 */
import type { StorageFile, StorageQuery, StorageResponse } from '@formsign/sdk';
import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { storageApi } from '@formsign/sdk';
import { area } from '../api/client.ts';
import { useMutation } from '../api/use-mutation.ts';
import { ConfirmDialog } from '../components/confirm-dialog.tsx';
import { fileType } from '../features/lists/file-type.ts';
import { FileActions, FileDeleter } from '../features/lists/storage/file-actions.tsx';
import { FolderBrowser } from '../features/lists/storage/folder-browser.tsx';
import { folderName } from '../features/lists/storage/folder-path.ts';
import { SaveCompletedForm } from '../features/lists/storage/save-completed-form.tsx';
import { StorageUsage } from '../features/lists/storage/storage-usage.tsx';
import { unsorted } from '../features/lists/unsorted.ts';
import { DataTable, type ListColumn } from '../lists/data-table.tsx';
import { formatBytes, formatDateTime } from '../lists/format.ts';
import { tableState, useDataGroup } from '../lists/use-data-group.ts';
import { useListQuery } from '../lists/use-list-query.ts';
import { useNotify } from '../shell/notifications.tsx';
import '../styles/lists.css';

const storageCalls = area(storageApi);

const emptyStorage: StorageResponse = {
  files: [],
  save: { enabled: false, folder: '', folders: [], used: 0, quota: 0 },
  page: 1,
  limit: 25,
  total: 0,
  total_exact: true,
};

const columns: ListColumn<StorageFile>[] = unsorted<StorageFile>([
  {
    id: 'name',
    accessorKey: 'name',
    header: () => <Trans>Name</Trans>,
    cell: (info) => <span className="cell-main">{info.getValue<string>()}</span>,
  },
  { id: 'mime', accessorKey: 'mime', header: () => <Trans>Type</Trans>, cell: (info) => fileType(info.getValue<string>()) },
  {
    id: 'size',
    accessorKey: 'size',
    header: () => <Trans>Size</Trans>,
    cell: (info) => <span className="cell-nowrap">{formatBytes(info.getValue<number>())}</span>,
  },
  {
    id: 'created_at',
    accessorKey: 'created_at',
    header: () => <Trans>Added</Trans>,
    cell: (info) => <span className="cell-nowrap">{formatDateTime(info.getValue<string>())}</span>,
  },
  { id: 'actions', header: () => <Trans>Actions</Trans>, cell: ({ row }) => <FileActions file={row.original} /> },
]);

export default function StoragePage() {
  const query = useListQuery();
  const notify = useNotify();
  const { t } = useLingui();
  const folder = query.extra.get('stored') ?? '';
  // The page on show; an action sent with it answers that page as it is afterwards.
  const browsing: StorageQuery = { page: query.page, limit: query.limit, ...(folder ? { stored: folder } : {}) };
  const storage = useDataGroup('storage', emptyStorage, (params, options) => storageCalls.manage(params, options), browsing);
  const [deleting, setDeleting] = useState<StorageFile | null>(null);
  const [confirmOpen, setConfirmOpen] = useState(false);
  const { files, save } = storage.data;
  const name = folderName(folder);

  // The delete answers the page on show as it is afterwards.
  const remove = useMutation((file: StorageFile, options) => storageCalls.manage({ ...browsing, data: { action: 'delete', id: file.id } }, options), {
    onSuccess: (page, { name: fileName }) => {
      storage.set(page);
      notify({ type: 'success', title: t`File deleted`, description: t`${fileName} is no longer in ${name}.` });
    },
    onFailure: (message, { name: fileName }) => notify({ type: 'error', title: t`Could not delete ${fileName}`, description: message }),
  });

  const askDelete = (file: StorageFile): void => {
    setDeleting(file);
    setConfirmOpen(true);
  };
  const loaded = !storage.loading && !storage.error;
  const fileName = deleting?.name ?? '';
  const fileSize = deleting ? formatBytes(deleting.size) : '';

  return (
    <div className="page">
      <div className="storage-layout">
        <div>
          <FolderBrowser folder={folder} folders={loaded ? save.folders : []} limit={query.extra.get('limit')} />
          <FileDeleter.Provider value={askDelete}>
            <DataTable
              caption={t`Files in ${name}`}
              columns={columns}
              rows={files}
              total={storage.data.total ?? files.length}
              totalExact={storage.data.total_exact ?? true}
              {...tableState(storage)}
              empty={save.folders.length > 0 ? t`No files in ${name} itself: open one of its folders above.` : t`No files in ${name} yet.`}
              query={query}
              getRowId={(row) => String(row.id)}
            />
          </FileDeleter.Provider>
        </div>
        <aside aria-label={t`Storage and saving`}>
          {loaded ? <StorageUsage used={save.used} quota={save.quota} autoSave={save.enabled} /> : null}
          <SaveCompletedForm folder={folder} browsing={browsing} onSaved={storage.set} />
        </aside>
      </div>
      <ConfirmDialog
        open={confirmOpen}
        title={t`Delete this file?`}
        confirmLabel={t`Delete file`}
        onCancel={() => setConfirmOpen(false)}
        onConfirm={() => {
          setConfirmOpen(false);
          if (deleting) void remove.run(deleting);
        }}
      >
        {deleting ? (
          <p>
            <Trans>
              <strong>{fileName}</strong> ({fileSize}) will be deleted from {name}. This cannot be undone.
            </Trans>
          </p>
        ) : null}
      </ConfirmDialog>
    </div>
  );
}
