import type {
  LoginRequest,
  MerchantProfile,
  RegisterRequest,
  ResetPasswordRequest,
  SendSmsCodeRequest,
} from '@sm/contract';
import { authApi } from '@sm/contract/route-table';
import { type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api';
import {
  clearSessionExpired,
  forgetSession,
  meQueryOptions,
  setMerchantInfo,
} from '../../lib/session';

const sendSmsCode = (data: SendSmsCodeRequest) => api(authApi.sendSmsCode, { body: data });

const login = (data: LoginRequest) => api(authApi.login, { body: data });
const register = (data: RegisterRequest) => api(authApi.register, { body: data });
const resetPassword = (data: ResetPasswordRequest) => api(authApi.resetPassword, { body: data });

/** The API set the session cookie; keep the profile as the login marker and as the `me` query. */
function signedIn(queryClient: QueryClient, profile: MerchantProfile) {
  clearSessionExpired();
  queryClient.setQueryData(meQueryOptions().queryKey, profile);
  setMerchantInfo(profile);
}

export function useSendSmsCode() {
  return useMutation({ mutationFn: sendSmsCode });
}

export function useLogin() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: login, onSuccess: (profile) => signedIn(queryClient, profile) });
}

export function useRegister() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: register,
    onSuccess: (profile) => signedIn(queryClient, profile),
  });
}

/**
 * The server ends every session of the account on a reset, so a merchant who reset while signed
 * in is signed out here too: the marker and every cached query go, and login comes next.
 */
export function useResetPassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: resetPassword,
    onSuccess: () => forgetSession(queryClient),
  });
}
