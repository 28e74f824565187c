import { useMutation, useQueryClient } from '@tanstack/react-query';
import { authApi } from '@sm/contract/route-table';
import { api } from '../../lib/api';
import { dropPushSubscription } from '../../lib/pushSubscription';
import { forgetSession } from '../../lib/session';

const logout = async () => {
  await dropPushSubscription();
  return api(authApi.logout);
};

/** Signing out ends the server session; the local marker goes whatever the network says. */
export function useLogout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: logout,
    onSettled: () => forgetSession(queryClient),
  });
}
