import { useMutation, useQueryClient } from '@tanstack/react-query';
import { errorMessage } from '../../lib/api';
import { t } from '../../lib/i18n';
import { toast } from '../../lib/toast';
import { markRead, notificationKeys } from './api';

/** Marks some or all notifications read, then re-reads every list (bell, panel, page). */
export function useMarkRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markRead,
    onError: (error) => toast.error(errorMessage(error, t('Could not mark the notifications as read. Try again.'))),
    onSettled: () => queryClient.invalidateQueries({ queryKey: notificationKeys.lists }),
  });
}
