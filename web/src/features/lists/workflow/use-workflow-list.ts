/**
 * The workflow list through the workflow-list machine, as the machine is: its loading, data
 * and error flags, total and failure text drive the table. The page's parameters (page, limit,
 * filters) are sent on every change (`workflow.fetch`); a review (`workflow.review`) sends the
 * item's account and id, `disapprove` and `comment`, and the machine refetches. `review()`
 * settles when the review request does, so the dialog can close or show why it failed.
 */
import { errorMessage, fromRequest, workflowListMachine, type WorkflowItem, type WorkflowPage, type WorkflowParams, type WorkflowReview } from '@formsign/machines';
import { errorTexts } from '@formsign/sdk';
import { useActorRef, useSelector } from '@xstate/react';
import { useCallback, useEffect, useMemo, useRef } from 'react';
import { api } from '../../../api/client.ts';
import { inspectOption } from '../../../session/inspection.ts';

export interface WorkflowList {
  loading: boolean;
  items: WorkflowItem[];
  error: boolean;
  /** The last failure's text, in the catalogue's words. */
  message: string | null;
  total: number;
  refetch(): void;
  /** Resolves once the review is recorded; rejects with the failure's text. */
  review(review: WorkflowReview): Promise<void>;
}

type Settle = (failure: string | null) => void;

export function useWorkflowList(params: WorkflowParams): WorkflowList {
  const settleReview = useRef<Settle | null>(null);

  const logic = useMemo(
    () =>
      workflowListMachine.provide({
        actors: {
          fetchWorkflow: fromRequest<WorkflowPage, WorkflowParams>((input, options) => api.workflow.list(input, options)),
          reviewWorkflow: fromRequest<WorkflowPage, WorkflowParams & WorkflowReview>(async (input, options) => {
            try {
              const page = await api.workflow.list(input, options);
              settleReview.current?.(null);
              return page;
            } catch (error) {
              settleReview.current?.(errorMessage(error));
              throw error;
            }
          }),
        },
      }),
    [],
  );

  const actor = useActorRef(logic, inspectOption());
  const loading = useSelector(actor, (snapshot) => snapshot.context.loading);
  const items = useSelector(actor, (snapshot) => snapshot.context.data);
  const error = useSelector(actor, (snapshot) => snapshot.context.error);
  const message = useSelector(actor, (snapshot) => snapshot.context.message);
  const total = useSelector(actor, (snapshot) => snapshot.context.total);

  const key = JSON.stringify(params);
  const current = useRef(params);
  current.current = params;
  useEffect(() => actor.send({ type: 'workflow.fetch', params: current.current }), [key, actor]);

  const refetch = useCallback(() => actor.send({ type: 'workflow.fetch', params: current.current }), [actor]);

  const review = useCallback(
    (request: WorkflowReview) =>
      new Promise<void>((resolve, reject) => {
        const send = (): void => {
          settleReview.current = (failure) => {
            settleReview.current = null;
            if (failure === null) resolve();
            else reject(new Error(failure));
          };
          actor.send({ type: 'workflow.review', ...request });
        };
        // The machine takes a review once a list is shown: after a failure, load the list again first.
        if (actor.getSnapshot().matches('success')) {
          send();
          return;
        }
        if (actor.getSnapshot().matches('failure')) actor.send({ type: 'workflow.fetch', params: current.current });
        const subscription = actor.subscribe((snapshot) => {
          if (snapshot.matches('success')) {
            subscription.unsubscribe();
            queueMicrotask(send);
          } else if (snapshot.matches('failure')) {
            subscription.unsubscribe();
            reject(new Error(snapshot.context.message ?? errorTexts.unexpected));
          }
        });
      }),
    [actor],
  );

  return { loading, items, error, message, total, refetch, review };
}
