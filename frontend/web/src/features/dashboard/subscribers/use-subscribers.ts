//! The super admin's subscribers (docs/decisions/subscriptions.md, "The super admin's side"):
//! the counts, the list and the stored bounces a page at a time, the default frequency and removal.
import {
  getGetSiteInfoQueryKey,
  getListAuditLogQueryKey,
  getListSubscriptionBouncesQueryKey,
  getListSubscriptionsQueryKey,
  getSubscriberSummaryQueryKey,
  listSubscriptionBounces,
  listSubscriptions,
  useRemoveSubscription,
  useSetDefaultFrequency,
  type AdminSubscriptionDto,
  type SubscriptionStatusDto,
  type SubscriptionBounceDto,
} from '@grace-stories/sdk/react';
import { useQueryClient } from '@tanstack/react-query';
import { usePagedList } from '@/hooks/use-paged-list';
import { toast } from '@/hooks/use-toast';
import { serverMessage, showMutationError } from '@/lib/api-errors';

export const SUBSCRIBER_PAGE_SIZE = 20;

/** Subscriptions newest first, of one status or all; sign-ups arrive behind the screen's back. */
export function useSubscriberList(status: SubscriptionStatusDto | undefined) {
  return usePagedList<AdminSubscriptionDto>({
    queryKey: [...getListSubscriptionsQueryKey({ status }), 'paged'],
    pageSize: SUBSCRIBER_PAGE_SIZE,
    refetchOnMount: 'always',
    fetchPage: (page, options) => listSubscriptions({ status, ...page }, options),
  });
}

/** The stored permanent failures, newest first, each with its report. */
export function useBounceList() {
  return usePagedList<SubscriptionBounceDto>({
    queryKey: [...getListSubscriptionBouncesQueryKey(), 'paged'],
    pageSize: SUBSCRIBER_PAGE_SIZE,
    refetchOnMount: 'always',
    fetchPage: (page, options) => listSubscriptionBounces(page, options),
  });
}

function useRefresh() {
  const client = useQueryClient();
  return () =>
    Promise.all(
      [
        getSubscriberSummaryQueryKey(),
        getListSubscriptionsQueryKey(),
        getListSubscriptionBouncesQueryKey(),
        getListAuditLogQueryKey(),
        getGetSiteInfoQueryKey(),
      ].map((queryKey) => client.invalidateQueries({ queryKey })),
    ).then(() => undefined);
}

/** Chooses the frequency sign-ups get when they name none. */
export function useChooseDefaultFrequency() {
  const refresh = useRefresh();
  return useSetDefaultFrequency({
    mutation: {
      onSuccess: () => {
        toast({ title: 'Default frequency saved' });
        return refresh();
      },
      onError: (error) =>
        showMutationError(error, {
          title: 'Could not save the default frequency',
          text: serverMessage(error) ?? 'Please try again.',
        }),
    },
  });
}

/** Removes a subscription with its bounces. */
export function useRemoveSubscriber() {
  const refresh = useRefresh();
  return useRemoveSubscription({
    mutation: {
      onSuccess: () => {
        toast({ title: 'Subscriber removed' });
        return refresh();
      },
      // A 404 means it is gone already: the list is read again either way.
      onError: (error) => {
        showMutationError(error, {
          title: 'Could not remove the subscriber',
          text: serverMessage(error) ?? 'Please try again.',
        });
        return refresh();
      },
    },
  });
}
