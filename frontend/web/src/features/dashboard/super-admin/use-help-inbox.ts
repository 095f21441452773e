//! The super admin's help inbox: a page of open or handled messages at a time, and the two changes.
import {
  getListHelpMessagesQueryKey,
  getQueueCountsQueryKey,
  listHelpMessages,
  useDeleteHelpMessage,
  useMarkHelpMessageHandled,
  type HelpMessageDto,
  type ListHelpMessagesStatus,
} from '@grace-stories/sdk/react';
import { useQueryClient } from '@tanstack/react-query';
import { usePagedList } from '@/hooks/use-paged-list';
import { toast } from '@/hooks/use-toast';
import { httpStatus, showMutationError } from '@/lib/api-errors';

/** The server's default page of the help inbox. */
export const HELP_MESSAGES_PER_PAGE = 20;

/** Open messages come oldest first, so the one that has waited longest is on top. */
export function useHelpInbox(status: ListHelpMessagesStatus) {
  const params = { status, limit: HELP_MESSAGES_PER_PAGE };
  return usePagedList<HelpMessageDto>({
    queryKey: [...getListHelpMessagesQueryKey(params), 'paged'],
    pageSize: HELP_MESSAGES_PER_PAGE,
    fetchPage: (page, options) => listHelpMessages({ status, ...page }, options),
  });
}

function useRefreshHelpInbox() {
  const queryClient = useQueryClient();
  // The generated key without parameters covers both statuses and every loaded page.
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: getListHelpMessagesQueryKey() }),
      queryClient.invalidateQueries({ queryKey: getQueueCountsQueryKey() }),
    ]).then(() => undefined);
}

/** A 404 means another super admin handled or deleted it meanwhile: the list is refreshed either way. */
function failure(error: unknown, text: string, refresh: () => Promise<void>) {
  const gone = httpStatus(error) === 404;
  showMutationError(error, { text: gone ? `${text}. It was already deleted.` : text });
  if (gone) void refresh();
}

export function useMarkHandled() {
  const refresh = useRefreshHelpInbox();
  return useMarkHelpMessageHandled({
    mutation: {
      onSuccess: () => {
        toast({ title: 'Message marked handled', description: 'It moved to Handled.' });
        return refresh();
      },
      onError: (error) => failure(error, 'Failed to mark the message handled', refresh),
    },
  });
}

export function useDeleteMessage() {
  const refresh = useRefreshHelpInbox();
  return useDeleteHelpMessage({
    mutation: {
      onSuccess: () => {
        toast({ title: 'Help message deleted' });
        return refresh();
      },
      onError: (error) => failure(error, 'Failed to delete the message', refresh),
    },
  });
}
