import type { BankAccountInput } from '@sm/contract';
import { bankApi } from '@sm/contract/route-table';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api';

/** Query keys of the feature, in one place: live events and the save invalidate by them. */
export const bankKeys = {
  account: ['bankAccount'] as const,
};

export const bankAccountQueryOptions = () =>
  queryOptions({
    queryKey: bankKeys.account,
    queryFn: ({ signal }) => api(bankApi.get, { signal }),
    select: (data) => data.bankAccount,
  });

export function useSaveBankAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: BankAccountInput) => api(bankApi.update, { body: input }),
    onSuccess: (data) => queryClient.setQueryData(bankKeys.account, data),
  });
}
