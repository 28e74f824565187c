import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '../../lib/request';
import { dropPushSubscription } from '../../lib/pushSubscription';
import { forgetSession } from '../../lib/session';

const logout = async () => {
  await dropPushSubscription();
  return request<{ ok: true }>('/api/auth/logout', { method: 'POST' });
};

/** Signing out ends the server session; the local marker goes whatever the network says. */
export function useLogout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: logout,
    onSettled: () => forgetSession(queryClient),
  });
}
