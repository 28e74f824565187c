import type { BankAccount, BankAccountInput } from '@sm/contract';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '../../lib/request';

/** Query keys of the feature, in one place: live events and the save invalidate by them. */
export const bankKeys = {
  account: ['bankAccount'] as const,
};

type BankAccountResponse = { bankAccount: BankAccount | null };

export const bankAccountQueryOptions = () =>
  queryOptions({
    queryKey: bankKeys.account,
    queryFn: ({ signal }) => request<BankAccountResponse>('/api/bank-account', { signal }),
    select: (data) => data.bankAccount,
  });

export function useSaveBankAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: BankAccountInput) =>
      request<BankAccountResponse>('/api/bank-account', { method: 'PUT', data: input }),
    onSuccess: (data) => queryClient.setQueryData(bankKeys.account, data),
  });
}
