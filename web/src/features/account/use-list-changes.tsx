/**
 * The changes a settings list takes (add or edit in a form or dialog, delete after a
 * confirmation): the item waiting for the confirmation, the delete request, and the last
 * change's message. Every change answers the list as it is afterwards, which goes straight to
 * the list's data group (no second fetch).
 */
import { useState, type ReactElement } from 'react';
import { FormError } from '../../components/form-error.tsx';
import type { DataGroupState } from '../../lists/use-data-group.ts';
import { useMutation, type MutationRequest } from '../../api/use-mutation.ts';

export interface ListChanges<TItem> {
  /** The item whose deletion waits for a confirmation, or null. */
  deleting: TItem | null;
  askDelete(item: TItem): void;
  cancelDelete(): void;
  /** Deletes the item waiting for the confirmation; `message` words the outcome. */
  confirmDelete(message: (item: TItem) => string): Promise<void>;
  /** After an add or an edit: its message, and the list the server answered. */
  changed(message: string, list: TItem[]): void;
  /** The last change's message and the delete's failure, for under the list's heading. */
  outcome: ReactElement;
}

export function useListChanges<TItem>(group: DataGroupState<TItem[]>, deleteRequest: MutationRequest<TItem, { data: TItem[] }>): ListChanges<TItem> {
  const [deleting, setDeleting] = useState<TItem | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const remove = useMutation(deleteRequest);

  const changed = (message: string, list: TItem[]): void => {
    remove.reset();
    setDone(message);
    group.set(list);
  };
  return {
    deleting,
    askDelete: setDeleting,
    cancelDelete: () => setDeleting(null),
    async confirmDelete(message) {
      const item = deleting;
      setDeleting(null);
      if (item === null) return;
      const removed = await remove.run(item);
      if (removed) changed(message(item), removed.data);
    },
    changed,
    outcome: (
      <>
        <FormError message={remove.error} />
        <p className="account-outcome" role="status">
          {done}
        </p>
      </>
    ),
  };
}
