import { walletApi } from '@sm/contract/route-table';
import {
  infiniteQueryOptions,
  queryOptions,
  useMutation,
  useQueryClient,
} from '@tanstack/react-query';
import { api } from '../../lib/api';
import type { StatementFilter } from './statement';

/** Query keys of the feature, in one place: live events and mutations invalidate by them. */
export const walletKeys = {
  all: ['wallet'] as const,
  summary: ['wallet', 'summary'] as const,
  statements: ['wallet', 'statement'] as const,
  statement: (filter: StatementFilter) => ['wallet', 'statement', filter] as const,
  withdrawals: ['wallet', 'withdrawal'] as const,
  withdrawal: (id: string) => ['wallet', 'withdrawal', id] as const,
};

export const walletQueryOptions = () =>
  queryOptions({
    queryKey: walletKeys.summary,
    queryFn: ({ signal }) => api(walletApi.get, { signal }),
  });

const PAGE_SIZE = 30;

export const statementQueryOptions = (filter: StatementFilter) =>
  infiniteQueryOptions({
    queryKey: walletKeys.statement(filter),
    queryFn: ({ pageParam, signal }) =>
      api(walletApi.statement, {
        query: {
          type: filter === 'all' ? undefined : filter,
          cursor: pageParam || undefined,
          limit: PAGE_SIZE,
        },
        signal,
      }),
    initialPageParam: '',
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });

export const withdrawalQueryOptions = (id: string) =>
  queryOptions({
    queryKey: walletKeys.withdrawal(id),
    queryFn: ({ signal }) => api(walletApi.getWithdrawal, { params: { id }, signal }),
  });

/** A withdrawal request: the amount in sen, and the key of this intent (see attemptKeys). */
export interface WithdrawVariables {
  amount: number;
  idempotencyKey: string;
}

export function useWithdraw() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ amount, idempotencyKey }: WithdrawVariables) =>
      api(walletApi.withdraw, {
        body: { amount },
        headers: { 'idempotency-key': idempotencyKey },
      }),
    onSuccess: (withdrawal) => {
      queryClient.setQueryData(walletKeys.withdrawal(withdrawal.id), withdrawal);
      void queryClient.invalidateQueries({ queryKey: walletKeys.summary });
      void queryClient.invalidateQueries({ queryKey: walletKeys.statements });
    },
    // Refused (a withdrawal pending elsewhere, a bank account changed): show the wallet as it is.
    onError: () => void queryClient.invalidateQueries({ queryKey: walletKeys.summary }),
  });
}
