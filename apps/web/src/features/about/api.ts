import type { Feedback, FeedbackInput, FeedbackListResponse } from '@sm/contract';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '../../lib/request';

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
