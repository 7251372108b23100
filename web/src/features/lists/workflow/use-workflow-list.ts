/**
 * The workflow list through the workflow-list machine, as the machine is: its loading, data
 * and error flags, total and failure text drive the table. The page's parameters (page, limit,
 * filters) are sent on every change (`workflow.fetch`); a review (`workflow.review`) sends the
 * item's account and id, `disapprove` and `comment`, and the machine refetches. `review()`
 * settles when the review request does, so the dialog can close or show why it failed.
 */
import { fromRequest, workflowListMachine, type WorkflowParams, type WorkflowReview } from '@formsign/machines';
import { errorTexts, workflowApi, type WorkflowItem, type WorkflowPage } from '@formsign/sdk';
import { useActorRef, useSelector } from '@xstate/react';
import { useCallback } from 'react';
import { area } from '../../../api/client.ts';
import { useParamsEffect } from '../../../lists/use-params-effect.ts';
import { inspectOption } from '../../../session/inspection.ts';

const workflowCalls = area(workflowApi);

export interface WorkflowList {
  loading: boolean;
  items: WorkflowItem[];
  error: boolean;
  /** The last failure's text, in the catalogue's words. */
  message: string | null;
  total: number;
  /** False when `total` is a lower bound. */
  totalExact: boolean;
  refetch(): void;
  /** Resolves once the review is recorded; rejects with the failure's text. */
  review(review: WorkflowReview): Promise<void>;
}

const workflowListLogic = workflowListMachine.provide({
  actors: {
    fetchWorkflow: fromRequest<WorkflowPage, WorkflowParams>((input, options) => workflowCalls.list(input, options)),
    reviewWorkflow: fromRequest<WorkflowPage, WorkflowParams & WorkflowReview>((input, options) => workflowCalls.list(input, options)),
  },
});

export function useWorkflowList(params: WorkflowParams): WorkflowList {
  const actor = useActorRef(workflowListLogic, inspectOption());
  const loading = useSelector(actor, (snapshot) => snapshot.context.loading);
  const items = useSelector(actor, (snapshot) => snapshot.context.data);
  const error = useSelector(actor, (snapshot) => snapshot.context.error);
  const message = useSelector(actor, (snapshot) => snapshot.context.message);
  const total = useSelector(actor, (snapshot) => snapshot.context.total);
  const totalExact = useSelector(actor, (snapshot) => snapshot.context.totalExact);

  const refetch = useParamsEffect(params, (current) => actor.send({ type: 'workflow.fetch', params: current }));

  const review = useCallback(
    (request: WorkflowReview) =>
      new Promise<void>((resolve, reject) => {
        const failed = (text: string | null): void => reject(new Error(text ?? errorTexts.unexpected));
        // The review settles when the machine leaves `reviewing`: on to the refetch, or to the failure.
        const send = (): void => {
          actor.send({ type: 'workflow.review', ...request });
          if (!actor.getSnapshot().matches('reviewing')) return failed(null);
          const subscription = actor.subscribe((snapshot) => {
            if (snapshot.matches('reviewing')) return;
            subscription.unsubscribe();
            if (snapshot.matches('failure')) failed(snapshot.context.message);
            else resolve();
          });
        };
        // The machine takes a review once a list is shown: after a failure, load the list again first.
        if (actor.getSnapshot().matches('success')) {
          send();
          return;
        }
        if (actor.getSnapshot().matches('failure')) refetch();
        const subscription = actor.subscribe((snapshot) => {
          if (snapshot.matches('success')) {
            subscription.unsubscribe();
            queueMicrotask(send);
          } else if (snapshot.matches('failure')) {
            subscription.unsubscribe();
            failed(snapshot.context.message);
          }
        });
      }),
    [actor, refetch],
  );

  return { loading, items, error, message, total, totalExact, refetch, review };
}
