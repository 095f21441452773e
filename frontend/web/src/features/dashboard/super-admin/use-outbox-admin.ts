//! The super admin's mail outbox, social posts and activity log: a page at a time, and the retries.
import {
  getListMailOutboxQueryKey,
  getListSocialPostsQueryKey,
  getQueueCountsQueryKey,
  getListAuditLogQueryKey,
  listAuditLog,
  listMailOutbox,
  listSocialPosts,
  useCancelSocialPost,
  useRetryMail,
  useRetrySocialPost,
  type AuditEntryDto,
  type ListAuditLogAction,
  type ListMailOutboxStatus,
  type ListSocialPostsStatus,
  type MailDeliveryMode,
  type OutboxMessageDto,
  type SocialPostDto,
} from '@grace-stories/sdk/react';
import { useQueryClient } from '@tanstack/react-query';
import { usePagedList } from '@/hooks/use-paged-list';
import { toast } from '@/hooks/use-toast';
import { httpStatus, serverMessage, showMutationError } from '@/lib/api-errors';

export const ADMIN_PAGE_SIZE = 20;

/**
 * Mail newest first, of one status or all; `delivery` says whether a mail server sends it. The
 * sender works in the background, so opening the tab asks again.
 */
export function useMailOutbox(status: ListMailOutboxStatus | undefined) {
  const list = usePagedList<OutboxMessageDto, MailDeliveryMode>({
    queryKey: [...getListMailOutboxQueryKey({ status }), 'paged'],
    pageSize: ADMIN_PAGE_SIZE,
    refetchOnMount: 'always',
    fetchPage: async (page, options) => {
      const outbox = await listMailOutbox({ status, ...page }, options);
      return { items: outbox.messages, meta: outbox.delivery };
    },
  });
  return { ...list, delivery: list.meta };
}

/** Posts newest first; the poster works in the background, so opening the tab asks again. */
export function useSocialPosts(status: ListSocialPostsStatus | undefined) {
  return usePagedList<SocialPostDto>({
    queryKey: [...getListSocialPostsQueryKey({ status }), 'paged'],
    pageSize: ADMIN_PAGE_SIZE,
    refetchOnMount: 'always',
    fetchPage: (page, options) => listSocialPosts({ status, ...page }, options),
  });
}

/**
 * Entries newest first. Every moderator's actions land here (most of them from other tabs and
 * screens, which do not refresh the log), so opening the tab asks again.
 */
export function useActivityLog(action: ListAuditLogAction | undefined, actor: string | undefined) {
  return usePagedList<AuditEntryDto>({
    queryKey: [...getListAuditLogQueryKey({ action, actor }), 'paged'],
    pageSize: ADMIN_PAGE_SIZE,
    refetchOnMount: 'always',
    fetchPage: (page, options) => listAuditLog({ action, actor, ...page }, options),
  });
}

function useRefresh(queryKey: readonly unknown[]) {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey }),
      queryClient.invalidateQueries({ queryKey: getQueueCountsQueryKey() }),
      queryClient.invalidateQueries({ queryKey: getListAuditLogQueryKey() }),
    ]).then(() => undefined);
}

/** The server's own words (a 409 says why the item cannot change now); the list is refreshed. */
function failure(error: unknown, title: string, refresh: () => Promise<void>) {
  showMutationError(error, { title, text: serverMessage(error) ?? 'Please try again.' });
  const status = httpStatus(error);
  if (status === 404 || status === 409) void refresh();
}

export function useRetryMessage() {
  const refresh = useRefresh(getListMailOutboxQueryKey());
  return useRetryMail({
    mutation: {
      onSuccess: () => {
        toast({ title: 'Message queued again', description: 'It will be sent with the next round.' });
        return refresh();
      },
      onError: (error) => failure(error, 'Failed to retry the message', refresh),
    },
  });
}

export function useRetryPost() {
  const refresh = useRefresh(getListSocialPostsQueryKey());
  return useRetrySocialPost({
    mutation: {
      onSuccess: () => {
        toast({ title: 'Post queued again' });
        return refresh();
      },
      onError: (error) => failure(error, 'Failed to retry the post', refresh),
    },
  });
}

export function useCancelPost() {
  const refresh = useRefresh(getListSocialPostsQueryKey());
  return useCancelSocialPost({
    mutation: {
      onSuccess: () => {
        toast({ title: 'Post cancelled' });
        return refresh();
      },
      onError: (error) => failure(error, 'Failed to cancel the post', refresh),
    },
  });
}
