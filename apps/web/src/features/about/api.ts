import type { FeedbackInput } from '@sm/contract';
import { feedbackApi } from '@sm/contract/route-table';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api';

/** Query keys of the feature, in one place: mutations invalidate by them. */
const aboutKeys = {
  feedback: ['feedback'] as const,
};

/** The merchant's latest feedback, newest first: what the form shows under itself. */
export const recentFeedbackQueryOptions = (limit = 3) =>
  queryOptions({
    queryKey: [...aboutKeys.feedback, { limit }],
    queryFn: ({ signal }) => api(feedbackApi.list, { query: { limit }, signal }),
    select: (data) => data.items,
  });

const sendFeedback = (input: FeedbackInput) => api(feedbackApi.create, { body: input });

export function useSendFeedback() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: sendFeedback,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: aboutKeys.feedback }),
  });
}
