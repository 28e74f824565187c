import {
  APP_VERSION,
  type Feedback,
  type FeedbackInput,
  type FeedbackListResponse,
  type VersionResponse,
} from '@sm/contract';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '../../lib/request';
import { compareWithServer, refreshServiceWorker, runningBuild, type UpdateState } from './update';

/** Query keys of the feature, in one place: mutations invalidate by them. */
const aboutKeys = {
  feedback: ['feedback'] as const,
};

/** The merchant's latest feedback, newest first: what the form shows under itself. */
export const recentFeedbackQueryOptions = (limit = 3) =>
  queryOptions({
    queryKey: [...aboutKeys.feedback, { limit }],
    queryFn: ({ signal }) =>
      request<FeedbackListResponse>('/api/feedback', { query: { limit }, signal }),
    select: (data) => data.items,
  });

const sendFeedback = (input: FeedbackInput) =>
  request<Feedback>('/api/feedback', { method: 'POST', data: input });

export function useSendFeedback() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: sendFeedback,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: aboutKeys.feedback }),
  });
}

/** Asks the server which build it serves (the service worker looks for it at the same time). */
async function checkForUpdate(): Promise<UpdateState> {
  const [server] = await Promise.all([
    request<VersionResponse>('/api/version'),
    refreshServiceWorker(),
  ]);
  return compareWithServer(server, { version: APP_VERSION, build: runningBuild() });
}

/** 'Check for updates': a one-off question on a tap, never cached. */
export const useCheckForUpdate = () => useMutation({ mutationFn: checkForUpdate });
