import { useEffect } from 'react';
import { useQuery } from '@tanstack/react-query';
import { toast } from '../../lib/toast';
import { MSG } from '@app/contract';
import { t } from '../../lib/i18n';
import { fetchVideos, isRefusal, videoKeys } from './api';

/** docs/product.md#messages: a refused fetch and a failed one have their own texts. */
export const fetchErrorText = (err: unknown) => (isRefusal(err) ? t(MSG.videoFetchFailed) : t(MSG.videoFetchError));

/** The video list (subscribers and admins), re-read on each visit; a failure is toasted once. */
export function useVideos() {
  const list = useQuery({ queryKey: videoKeys.list, queryFn: fetchVideos, refetchOnMount: 'always' });
  const error = list.isError ? list.error : null;
  useEffect(() => {
    if (error) toast.error(fetchErrorText(error));
  }, [error]);
  return list;
}
